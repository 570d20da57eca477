verification-menu = 🪪 Верифікація
verification-cmd = Статус верифікації та подання запиту

verification-title = 🪪 <b>Верифікація</b>
verification-none = Ви ще не подавали запит на верифікацію. Натисніть «📤 Пройти верифікацію», щоб почати.
verification-status-line = <b>Статус:</b> { $status }
verification-comment-line = 💬 <b>Коментар обмінника:</b> { $comment }
verification-rejected-hint = Запит відхилено. Виправте зауваження та подайте новий.
verification-status-pending = ⏳ На перевірці
verification-status-approved = ✅ Схвалено
verification-status-rejected = ❌ Відхилено
verification-status-unknown = невідомий
verification-status-none = 📭 Не подано

verification-kind-card = 💳 Банківська картка
verification-kind-identity = 🪪 Документ, що посвідчує особу
verification-kind-service = 🌐 Сторонній сервіс верифікації
verification-idtype-passport = Паспорт
verification-idtype-id-card = ID-картка
verification-idtype-driver-license = Посвідчення водія

verification-btn-start = 📤 Пройти верифікацію
verification-btn-refresh = 🔄 Оновити
verification-btn-kind-card = 💳 Банківська картка
verification-btn-kind-identity = 🪪 Паспорт, ID-картка
verification-btn-kind-service = 🌐 Сторонній сервіс
verification-btn-skip = ⏭ Пропустити
verification-btn-done = ✅ Готово ({ $count ->
        [one] { $count } фото
        [few] { $count } фото
        [many] { $count } фото
       *[other] { $count } фото
    })
verification-btn-submit = 📤 Надіслати
verification-btn-edit = ✏️ Змінити
verification-btn-clean = 🧹 Видалити мої фото
verification-btn-keep = Залишити

verification-ask-kind = 🪪 <b>Що ви хочете верифікувати?</b>
verification-kind-chosen = Верифікація: <b>{ $kind }</b>
verification-ask-card-number = 💳 Надішліть <b>номер картки</b> (від 12 до 19 цифр, можна з пробілами). Я одразу видалю ваше повідомлення й покажу номер замаскованим.
verification-ask-first-name = Надішліть ваше <b>ім'я</b>, як його вказано { $kind ->
        [card] на картці
       *[other] в документі
    }.
verification-ask-last-name = Надішліть ваше <b>прізвище</b>.
verification-ask-middle-name = Надішліть ваше <b>по батькові</b>.
verification-ask-id-type = 🪪 Який це <b>документ</b>? Оберіть нижче або напишіть назву.
verification-ask-id-number = Надішліть <b>номер документа</b> (серію та номер).
verification-ask-birth-date = 🎂 Надішліть <b>дату народження</b> у форматі дд.мм.рррр, наприклад 24.08.1991.
verification-ask-phone = 📞 Надішліть <b>номер телефону</b> у міжнародному форматі: з + і кодом країни, наприклад +380501234567.
verification-ask-country = 🌍 Надішліть вашу <b>країну</b>.
verification-ask-city = 🏙 Надішліть ваше <b>місто</b>.
verification-ask-address = 🏠 Надішліть вашу <b>адресу</b> (вулиця, будинок, квартира).
verification-ask-zip-code = 📮 Надішліть ваш <b>поштовий індекс</b>.
verification-optional = <i>Необов'язково: натисніть «Пропустити», якщо його немає.</i>
verification-skipped = <i>Пропущено.</i>

verification-error-empty = ❌ Порожня відповідь.
verification-error-too-long = ❌ Відповідь занадто довга. Будь ласка, скоротіть її.
verification-error-control-chars = ❌ У тексті є невидимі керівні символи. Наберіть його знову без них.
verification-error-no-letters = ❌ Ім'я має містити літери.
verification-error-name-chars = ❌ Ім'я складається з літер; пробіли, дефіси, апострофи та крапки допустимі, цифри й символи — ні.
verification-error-card-chars = ❌ Номер картки може містити лише цифри, пробіли та дефіси.
verification-error-card-length = ❌ У номері картки від 12 до 19 цифр. Перевірте його, будь ласка.
verification-error-card-checksum = ❌ Такий номер картки недійсний (не збігається контрольна цифра). Перевірте, чи немає описки.
verification-error-date-format = ❌ Надішліть дату у форматі дд.мм.рррр, наприклад 24.08.1991.
verification-error-date-not-real = ❌ Такої дати не існує. Перевірте день і місяць.
verification-error-date-future = ❌ Дата народження має бути в минулому.
verification-error-date-too-young = ❌ Для верифікації вам має бути щонайменше 14 років.
verification-error-date-too-old = ❌ Виходить, що вам понад 120 років. Перевірте рік.
verification-error-phone-format = ❌ Надішліть номер у міжнародному форматі: + і код країни, від 7 до 15 цифр, наприклад +380501234567.
verification-error-id-number-chars = ❌ Номер документа складається з літер і цифр (пробіли та дефіси допустимі).
verification-error-zip-chars = ❌ Поштовий індекс складається з літер і цифр (пробіли та дефіси допустимі).

verification-use-buttons = 👆 Будь ласка, скористайтеся кнопками вище (або /cancel, щоб перервати).
verification-send-text = ✍️ Будь ласка, дайте відповідь на це запитання текстовим повідомленням.

verification-ask-photos-card = 📷 Тепер надішліть <b>фото картки</b>. Середні цифри можна закрити, але перші 4 й останні 4 цифри та ім'я мають читатися. Деякі обмінники також просять фото, де ви тримаєте картку.

    Надсилайте фото по одному, альбомом або файлами-зображеннями (до 9000 КБ кожне, не більше { $max }).
verification-ask-photos-identity = 📷 Тепер надішліть <b>фото документа</b>: сторінку з фотографією та, якщо обмінник вимагає, селфі з документом.

    Надсилайте фото по одному, альбомом або файлами-зображеннями (до 9000 КБ кожне, не більше { $max }).
verification-photo-received = 📷 Фото { $n } отримано. Надішліть ще або натисніть «Готово».
verification-photo-expected = 📷 Будь ласка, надішліть фото (або файл-зображення).
verification-photo-or-done = 📷 Надішліть ще фото або натисніть «Готово», коли надішлете всі.
verification-photo-too-large = ❌ Розмір файлу { $size } КБ, а допустимо не більше { $max } КБ на фото. Його не додано. Надішліть фото меншого розміру (якщо надіслати його як фото, а не як файл, воно стане меншим).
verification-photo-not-image = ❌ Це не зображення JPEG, PNG або WebP, тому його не додано. Надішліть фото або файл-зображення одного з цих типів (HEIC та інші знімки надсилайте як фото, а не як файл).
verification-photo-too-many-pixels = ❌ У цьому зображенні забагато пікселів (понад 50 мегапікселів), я не можу його обробити, тому його не додано. Надішліть його як фото, а не як файл: Telegram його зменшить.
verification-photo-limit = ❌ Ви вже надіслали { $max } фото — це максимум. Натисніть «Готово», щоб продовжити.

verification-summary-title = 📋 <b>Перевірте запит на верифікацію</b>
verification-summary-kind = <b>Що перевіряємо:</b> { $kind }
verification-summary-photos = <b>Фото:</b> { $count }
verification-summary-service = Ви підтверджуєте, що пройшли верифікацію в сервісі-партнері обмінника; дані тут не потрібні.
verification-summary-confirm = Надіслати?
verification-editing = <i>✏️ Зміна: заповнимо запит заново.</i>
verification-sending = <i>⏳ Надсилаю…</i>
verification-submit-too-large = ❌ Одне з фото більше за 9000 КБ. Натисніть «Змінити» й надішліть фото меншого розміру.
verification-submit-not-image = ❌ Фото { $n } — не зображення { $types } (судячи з вмісту), тому я його вилучив.
    { $left ->
        [0] Фото не залишилося: натисніть «Змінити» й надішліть їх знову.
        [one] Залишилося { $left } фото: натисніть «Надіслати», щоб надіслати його, або «Змінити», щоб почати знову.
        [few] Залишилося { $left } фото: натисніть «Надіслати», щоб надіслати їх, або «Змінити», щоб почати знову.
       *[other] Залишилося { $left } фото: натисніть «Надіслати», щоб надіслати їх, або «Змінити», щоб почати знову.
    }
verification-submit-too-many-pixels = ❌ У фото { $n } забагато пікселів, я не можу його обробити, тому вилучив його. Якщо надіслати його як фото, а не як файл, воно стане меншим.
    { $left ->
        [0] Фото не залишилося: натисніть «Змінити» й надішліть їх знову.
        [one] Залишилося { $left } фото: натисніть «Надіслати», щоб надіслати його, або «Змінити», щоб почати знову.
        [few] Залишилося { $left } фото: натисніть «Надіслати», щоб надіслати їх, або «Змінити», щоб почати знову.
       *[other] Залишилося { $left } фото: натисніть «Надіслати», щоб надіслати їх, або «Змінити», щоб почати знову.
    }
verification-submit-download-failed = ❌ Не вдалося отримати ваші фото з Telegram. Натисніть «Надіслати», щоб спробувати ще раз, або «Змінити», щоб надіслати їх заново.

verification-sent = ✅ <b>Запит на верифікацію надіслано.</b>
verification-clean-offer = 🧹 Ваші фото досі в цьому чаті. Видалити їх?
verification-cleaned = 🧹 { $count ->
        [0] Не вдалося видалити жодного повідомлення з фото (Telegram дозволяє видаляти їх лише протягом 48 годин).
        [one] Видалено { $count } повідомлення з фото.
        [few] Видалено { $count } повідомлення з фото.
       *[other] Видалено { $count } повідомлень з фото.
    }
verification-no-form-pending = ⏳ Ваша верифікація на перевірці: зараз надсилати нічого.
verification-no-form-approved = ✅ Вашу верифікацію схвалено: надсилати нічого.
verification-done-word = готово
