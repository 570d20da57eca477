verification-menu = 🪪 Верификация
verification-cmd = Статус верификации и подача запроса

verification-title = 🪪 <b>Верификация</b>
verification-none = Вы ещё не подавали запрос на верификацию. Нажмите «📤 Пройти верификацию», чтобы начать.
verification-status-line = <b>Статус:</b> { $status }
verification-comment-line = 💬 <b>Комментарий обменника:</b> { $comment }
verification-rejected-hint = Запрос отклонён. Исправьте замечание и подайте новый.
verification-status-pending = ⏳ На проверке
verification-status-approved = ✅ Одобрен
verification-status-rejected = ❌ Отклонён
verification-status-unknown = неизвестен
verification-status-none = 📭 Не подан

verification-kind-card = 💳 Банковская карта
verification-kind-identity = 🪪 Документ, удостоверяющий личность
verification-kind-service = 🌐 Сторонний сервис верификации
verification-idtype-passport = Паспорт
verification-idtype-id-card = ID-карта
verification-idtype-driver-license = Водительские права

verification-btn-start = 📤 Пройти верификацию
verification-btn-refresh = 🔄 Обновить
verification-btn-kind-card = 💳 Банковская карта
verification-btn-kind-identity = 🪪 Паспорт, ID-карта
verification-btn-kind-service = 🌐 Сторонний сервис
verification-btn-skip = ⏭ Пропустить
verification-btn-done = ✅ Готово ({ $count ->
        [one] { $count } фото
        [few] { $count } фото
        [many] { $count } фото
       *[other] { $count } фото
    })
verification-btn-submit = 📤 Отправить
verification-btn-edit = ✏️ Изменить
verification-btn-clean = 🧹 Удалить мои фото
verification-btn-keep = Оставить

verification-ask-kind = 🪪 <b>Что вы хотите верифицировать?</b>
verification-kind-chosen = Верификация: <b>{ $kind }</b>
verification-ask-card-number = 💳 Отправьте <b>номер карты</b> (от 12 до 19 цифр, можно с пробелами). Я сразу удалю ваше сообщение и покажу номер замаскированным.
verification-ask-first-name = Отправьте ваше <b>имя</b>, как оно указано { $kind ->
        [card] на карте
       *[other] в документе
    }.
verification-ask-last-name = Отправьте вашу <b>фамилию</b>.
verification-ask-middle-name = Отправьте ваше <b>отчество</b>.
verification-ask-id-type = 🪪 Какой это <b>документ</b>? Выберите ниже или напишите название.
verification-ask-id-number = Отправьте <b>номер документа</b> (серию и номер).
verification-ask-birth-date = 🎂 Отправьте <b>дату рождения</b> в формате дд.мм.гггг, например 24.08.1991.
verification-ask-phone = 📞 Отправьте <b>номер телефона</b> в международном формате: с + и кодом страны, например +380501234567.
verification-ask-country = 🌍 Отправьте вашу <b>страну</b>.
verification-ask-city = 🏙 Отправьте ваш <b>город</b>.
verification-ask-address = 🏠 Отправьте ваш <b>адрес</b> (улица, дом, квартира).
verification-ask-zip-code = 📮 Отправьте ваш <b>почтовый индекс</b>.
verification-optional = <i>Необязательно: нажмите «Пропустить», если его нет.</i>
verification-skipped = <i>Пропущено.</i>

verification-error-empty = ❌ Пустой ответ.
verification-error-too-long = ❌ Слишком длинно. Пожалуйста, сократите.
verification-error-control-chars = ❌ В тексте есть невидимые управляющие символы. Наберите его заново без них.
verification-error-no-letters = ❌ Имя должно содержать буквы.
verification-error-name-chars = ❌ Имя состоит из букв; пробелы, дефисы, апострофы и точки допустимы, цифры и символы — нет.
verification-error-card-chars = ❌ Номер карты может содержать только цифры, пробелы и дефисы.
verification-error-card-length = ❌ В номере карты от 12 до 19 цифр. Проверьте его, пожалуйста.
verification-error-card-checksum = ❌ Такой номер карты недействителен (не сходится контрольная цифра). Проверьте, нет ли опечатки.
verification-error-date-format = ❌ Отправьте дату в формате дд.мм.гггг, например 24.08.1991.
verification-error-date-not-real = ❌ Такой даты не существует. Проверьте день и месяц.
verification-error-date-future = ❌ Дата рождения должна быть в прошлом.
verification-error-date-too-young = ❌ Для верификации вам должно быть не меньше 14 лет.
verification-error-date-too-old = ❌ Получается, что вам больше 120 лет. Проверьте год.
verification-error-phone-format = ❌ Отправьте номер в международном формате: + и код страны, от 7 до 15 цифр, например +380501234567.
verification-error-id-number-chars = ❌ Номер документа состоит из букв и цифр (пробелы и дефисы допустимы).
verification-error-zip-chars = ❌ Почтовый индекс состоит из букв и цифр (пробелы и дефисы допустимы).

verification-use-buttons = 👆 Пожалуйста, воспользуйтесь кнопками выше (или /cancel, чтобы прервать).
verification-send-text = ✍️ Пожалуйста, ответьте на этот вопрос текстовым сообщением.

verification-ask-photos-card = 📷 Теперь отправьте <b>фото карты</b>. Средние цифры можно закрыть, но первые 4 и последние 4 цифры и имя должны читаться. Некоторые обменники также просят фото, где вы держите карту.

    Отправляйте фото по одному, альбомом или файлами-изображениями (до 9000 КБ каждое, не больше { $max }).
verification-ask-photos-identity = 📷 Теперь отправьте <b>фото документа</b>: страницу с фотографией и, если обменник требует, селфи с документом.

    Отправляйте фото по одному, альбомом или файлами-изображениями (до 9000 КБ каждое, не больше { $max }).
verification-photo-received = 📷 Фото { $n } получено. Отправьте ещё или нажмите «Готово».
verification-photo-expected = 📷 Пожалуйста, отправьте фото (или файл-изображение).
verification-photo-or-done = 📷 Отправьте ещё фото или нажмите «Готово», когда отправите все.
verification-photo-too-large = ❌ Размер файла { $size } КБ, а допустимо не больше { $max } КБ на фото. Он не добавлен. Отправьте фото меньшего размера (если отправить его как фото, а не как файл, оно станет меньше).
verification-photo-not-image = ❌ Это не изображение JPEG, PNG или WebP, поэтому оно не добавлено. Отправьте фото или файл-изображение одного из этих типов (HEIC и другие снимки отправляйте как фото, а не как файл).
verification-photo-too-many-pixels = ❌ В этом изображении слишком много пикселей (больше 50 мегапикселей), я не могу его обработать, поэтому оно не добавлено. Отправьте его как фото, а не как файл: Telegram его уменьшит.
verification-photo-limit = ❌ Вы уже отправили { $max } фото — это максимум. Нажмите «Готово», чтобы продолжить.

verification-summary-title = 📋 <b>Проверьте запрос на верификацию</b>
verification-summary-kind = <b>Что проверяем:</b> { $kind }
verification-summary-photos = <b>Фото:</b> { $count }
verification-summary-service = Вы подтверждаете, что прошли верификацию в сервисе-партнёре обменника; данные здесь не нужны.
verification-summary-confirm = Отправить?
verification-editing = <i>✏️ Изменение: заполним запрос заново.</i>
verification-sending = <i>⏳ Отправляю…</i>
verification-submit-too-large = ❌ Одно из фото больше 9000 КБ. Нажмите «Изменить» и отправьте фото меньшего размера.
verification-submit-not-image = ❌ Фото { $n } — не изображение { $types } (судя по содержимому), поэтому я его исключил.
    { $left ->
        [0] Фото не осталось: нажмите «Изменить» и отправьте их заново.
        [one] Осталось { $left } фото: нажмите «Отправить», чтобы отправить его, или «Изменить», чтобы начать заново.
        [few] Осталось { $left } фото: нажмите «Отправить», чтобы отправить их, или «Изменить», чтобы начать заново.
       *[other] Осталось { $left } фото: нажмите «Отправить», чтобы отправить их, или «Изменить», чтобы начать заново.
    }
verification-submit-too-many-pixels = ❌ В фото { $n } слишком много пикселей, я не могу его обработать, поэтому исключил его. Если отправить его как фото, а не как файл, оно станет меньше.
    { $left ->
        [0] Фото не осталось: нажмите «Изменить» и отправьте их заново.
        [one] Осталось { $left } фото: нажмите «Отправить», чтобы отправить его, или «Изменить», чтобы начать заново.
        [few] Осталось { $left } фото: нажмите «Отправить», чтобы отправить их, или «Изменить», чтобы начать заново.
       *[other] Осталось { $left } фото: нажмите «Отправить», чтобы отправить их, или «Изменить», чтобы начать заново.
    }
verification-submit-download-failed = ❌ Не удалось получить ваши фото из Telegram. Нажмите «Отправить», чтобы попробовать ещё раз, или «Изменить», чтобы отправить их заново.

verification-sent = ✅ <b>Запрос на верификацию отправлен.</b>
verification-clean-offer = 🧹 Ваши фото всё ещё в этом чате. Удалить их?
verification-cleaned = 🧹 { $count ->
        [0] Не удалось удалить ни одного сообщения с фото (Telegram позволяет удалять их только в течение 48 часов).
        [one] Удалено { $count } сообщение с фото.
        [few] Удалено { $count } сообщения с фото.
       *[other] Удалено { $count } сообщений с фото.
    }
verification-no-form-pending = ⏳ Ваша верификация на проверке: сейчас отправлять нечего.
verification-no-form-approved = ✅ Ваша верификация одобрена: отправлять нечего.
verification-done-word = готово
