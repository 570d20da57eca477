menu-title = 🏠 <b>Головне меню</b>
menu-title-unlinked = 🏠 <b>Головне меню</b>
    Надішліть API-ключ, щоб відкрити розділи акаунта (див. /start).
menu-account = 👤 Акаунт
menu-more = ⋯ Ще
menu-more-title = ⋯ <b>Ще</b>
menu-language = 🌐 Мова
cmd-start = Початок і прив'язка акаунта
cmd-menu = Головне меню
