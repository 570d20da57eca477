account-title = 👤 <b>Ваш акаунт — { $exchanger }</b>
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Баланс
account-2fa-on = 🔐 2FA: увімкнено
account-2fa-off = 🔓 2FA: вимкнено
account-yes = так
account-no = ні
cmd-account = Ваш акаунт
