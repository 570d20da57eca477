menu-title = 🏠 <b>Main menu</b>
menu-title-unlinked = 🏠 <b>Main menu</b>
    Send your API key to unlock your account screens (see /start).
menu-account = 👤 Account
menu-more = ⋯ More
menu-more-title = ⋯ <b>More</b>
menu-language = 🌐 Language
cmd-start = Start and link your account
cmd-menu = Main menu
