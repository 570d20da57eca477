menu-title = 🏠 <b>Главное меню</b>
menu-title-unlinked = 🏠 <b>Главное меню</b>
    Пришлите API-ключ, чтобы открыть разделы аккаунта (см. /start).
menu-account = 👤 Аккаунт
menu-more = ⋯ Ещё
menu-more-title = ⋯ <b>Ещё</b>
menu-language = 🌐 Язык
cmd-start = Начало и привязка аккаунта
cmd-menu = Главное меню
