link-intro =
    👋 <b>Ласкаво просимо!</b>
    Цей бот керує вашим акаунтом в обміннику просто з цього особистого чату.

    Щоб прив'язати акаунт, надішліть мені ваш <b>API-ключ</b>. Він є на сайті обмінника: увійдіть, відкрийте особистий кабінет, розділ <b>«Налаштування API»</b>, увімкніть API і скопіюйте секретний ключ.

    Повідомлення з ключем я одразу видалю, а ключ збережу в зашифрованому вигляді.
link-not-a-key = 🤔 Це не схоже на API-ключ (довгий код без пробілів з розділу «Налаштування API» вашого кабінету). Про всяк випадок я видалив повідомлення. Надішліть ключ ще раз.
link-rejected = ❌ Обмінник не прийняв цей ключ. Перевірте, що API увімкнено в «Налаштуваннях API» і ключ скопійовано повністю, та надішліть його знову. Нічого не збережено.
link-done = ✅ Акаунт прив'язано. Ключ: <code>{ $key }</code>
link-already = Ваш акаунт уже прив'язано. Щоб використати інший ключ, спершу виконайте /logout.
logout-confirm = Відв'язати акаунт? Ключ і всі дані цього чату буде видалено з бота.
logout-yes = Так, відв'язати
logout-no = Ні, залишити
logout-done = 👋 Акаунт відв'язано. Ключ і всі дані цього чату видалено. Надішліть новий ключ, щоб прив'язати знову.
logout-kept = Гаразд, акаунт залишається прив'язаним.
menu-title = 🏠 <b>Головне меню</b>
menu-title-unlinked = 🏠 <b>Головне меню</b>
    Надішліть API-ключ, щоб відкрити розділи акаунта (див. /start).
menu-account = 👤 Акаунт
menu-language = 🌐 Мова
btn-menu = ☰ Меню
btn-refresh = 🔄 Оновити
btn-back = ◀ Назад
btn-cancel = ✖ Скасувати
account-title = 👤 <b>Ваш акаунт</b>
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Баланс
account-2fa-on = 🔐 Двофакторна автентифікація: увімкнена
account-2fa-off = 🔓 Двофакторна автентифікація: вимкнена
account-field-id = Номер акаунта
account-field-login = Логін
account-field-email = E-mail
account-field-first-name = Ім'я
account-field-last-name = Прізвище
account-field-middle-name = По батькові
account-field-phone = Телефон
account-field-verified = Верифікований
account-field-discount = Знижка
account-field-partner-balance = Партнерський баланс
account-field-referral-link = Реферальне посилання
account-field-referrals-count = Рефералів
account-field-group = Група
account-field-created = Зареєстрований
account-field-last-login = Останній вхід
account-yes = так
account-no = ні
language-choose = 🌐 Оберіть мову:
language-set = ✅ Мова: українська
help-intro = ℹ️ Я керую вашим акаунтом в обміннику з цього чату. Користуйтеся меню (/menu) або командами:
cancel-done = ✖ Скасовано.
cancel-nothing = Нічого скасовувати.
button-expired = Ця кнопка застаріла.
unknown-command = 🤷 Невідома команда. Див. /help.
unknown-text = Скористайтеся меню (/menu) або /help, щоб дізнатися, що я вмію.
private-only = 🔒 Я працюю лише в особистому чаті, щоб ваш акаунт залишався приватним. Напишіть мені напряму: @{ $bot }. Ніколи не публікуйте API-ключ у групі!
private-only-short = Напишіть мені в особистому чаті.
error-not-linked = 🔑 Ваш акаунт ще не прив'язано. Надішліть /start, щоб дізнатися, як прив'язати його API-ключем.
error-key-rejected = 🔑 Обмінник більше не приймає ваш ключ (його відкликано або змінено). Я його забув; надішліть новий ключ з «Налаштувань API», щоб прив'язати знову.
error-unavailable = ⏳ Обмінник зараз не відповідає. Спробуйте за кілька хвилин.
error-exchanger = ⚠️ Відповідь обмінника: { $message }
error-exchanger-generic = ⚠️ Обмінник відхилив запит, не пояснивши причину.
error-internal = 😵 У нас щось пішло не так. Спробуйте ще раз.
cmd-start = Початок і прив'язка акаунта
cmd-menu = Головне меню
cmd-account = Ваш акаунт
cmd-language = Змінити мову
cmd-help = Довідка
cmd-cancel = Скасувати поточну дію
cmd-logout = Відв'язати акаунт
cmd-link = Прив'язати акаунт
