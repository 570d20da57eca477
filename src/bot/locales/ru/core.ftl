link-intro =
    👋 <b>Добро пожаловать!</b>
    Этот бот управляет вашим аккаунтом в обменнике прямо из этого личного чата.

    Чтобы привязать аккаунт, пришлите мне ваш <b>API-ключ</b>. Он находится на сайте обменника: войдите, откройте личный кабинет, раздел <b>«Настройки API»</b>, включите API и скопируйте секретный ключ.

    Сообщение с ключом я сразу удалю, а ключ сохраню в зашифрованном виде.
link-not-a-key = 🤔 Это не похоже на API-ключ (длинный код без пробелов из раздела «Настройки API» вашего кабинета). На всякий случай я удалил сообщение. Пришлите ключ ещё раз.
link-rejected = ❌ Обменник не принял этот ключ. Проверьте, что API включён в «Настройках API» и ключ скопирован целиком, и пришлите его снова. Ничего не сохранено.
link-done = ✅ Аккаунт привязан. Ключ: <code>{ $key }</code>
link-already = Ваш аккаунт уже привязан. Чтобы использовать другой ключ, сначала выполните /logout.
logout-confirm = Отвязать аккаунт? Ключ и все данные этого чата будут удалены из бота.
logout-yes = Да, отвязать
logout-no = Нет, оставить
logout-done = 👋 Аккаунт отвязан. Ключ и все данные этого чата удалены. Пришлите новый ключ, чтобы привязать снова.
logout-kept = Хорошо, аккаунт остаётся привязанным.
menu-title = 🏠 <b>Главное меню</b>
menu-title-unlinked = 🏠 <b>Главное меню</b>
    Пришлите API-ключ, чтобы открыть разделы аккаунта (см. /start).
menu-account = 👤 Аккаунт
menu-language = 🌐 Язык
btn-menu = ☰ Меню
btn-refresh = 🔄 Обновить
btn-back = ◀ Назад
btn-cancel = ✖ Отмена
account-title = 👤 <b>Ваш аккаунт</b>
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Баланс
account-2fa-on = 🔐 Двухфакторная аутентификация: включена
account-2fa-off = 🔓 Двухфакторная аутентификация: выключена
account-field-id = Номер аккаунта
account-field-login = Логин
account-field-email = E-mail
account-field-first-name = Имя
account-field-last-name = Фамилия
account-field-middle-name = Отчество
account-field-phone = Телефон
account-field-verified = Верифицирован
account-field-discount = Скидка
account-field-partner-balance = Партнёрский баланс
account-field-referral-link = Реферальная ссылка
account-field-referrals-count = Рефералов
account-field-group = Группа
account-field-created = Зарегистрирован
account-field-last-login = Последний вход
account-yes = да
account-no = нет
language-choose = 🌐 Выберите язык:
language-set = ✅ Язык: русский
help-intro = ℹ️ Я управляю вашим аккаунтом в обменнике из этого чата. Используйте меню (/menu) или команды:
cancel-done = ✖ Отменено.
cancel-nothing = Нечего отменять.
button-expired = Эта кнопка устарела.
unknown-command = 🤷 Неизвестная команда. См. /help.
unknown-text = Используйте меню (/menu) или /help, чтобы узнать, что я умею.
private-only = 🔒 Я работаю только в личном чате, чтобы ваш аккаунт оставался приватным. Напишите мне напрямую: @{ $bot }. Никогда не публикуйте API-ключ в группе!
private-only-short = Напишите мне в личном чате.
error-not-linked = 🔑 Ваш аккаунт ещё не привязан. Отправьте /start, чтобы узнать, как привязать его API-ключом.
error-key-rejected = 🔑 Обменник больше не принимает ваш ключ (он отозван или изменён). Я его забыл; пришлите новый ключ из «Настроек API», чтобы привязать снова.
error-unavailable = ⏳ Обменник сейчас не отвечает. Попробуйте через несколько минут.
error-exchanger = ⚠️ Ответ обменника: { $message }
error-exchanger-generic = ⚠️ Обменник отклонил запрос, не объяснив причину.
error-internal = 😵 У нас что-то пошло не так. Попробуйте ещё раз.
cmd-start = Начало и привязка аккаунта
cmd-menu = Главное меню
cmd-account = Ваш аккаунт
cmd-language = Сменить язык
cmd-help = Помощь
cmd-cancel = Отменить текущее действие
cmd-logout = Отвязать аккаунт
cmd-link = Привязать аккаунт
