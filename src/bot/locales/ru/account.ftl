account-title = 👤 <b>Ваш аккаунт — { $exchanger }</b>
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Баланс
account-2fa-on = 🔐 2FA: включена
account-2fa-off = 🔓 2FA: выключена
account-yes = да
account-no = нет
cmd-account = Ваш аккаунт
