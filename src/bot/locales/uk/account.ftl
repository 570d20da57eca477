account-title = 👤 <b>Ваш акаунт в { $exchanger }</b>
account-unreadable = ⚠️ Я не можу напевно прочитати дані акаунта цього обмінника, тому не показую їх. Перегляньте акаунт на сайті обмінника.
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Баланс
account-2fa-on = 🔐 2FA: увімкнено
account-2fa-off = 🔓 2FA: вимкнено
cmd-account = Ваш акаунт
