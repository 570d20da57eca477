account-title = 👤 <b>Ваш аккаунт в { $exchanger }</b>
account-unreadable = ⚠️ Я не могу с уверенностью прочитать данные аккаунта этого обменника, поэтому не показываю их. Посмотрите аккаунт на сайте обменника.
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Баланс
account-2fa-on = 🔐 2FA: включена
account-2fa-off = 🔓 2FA: выключена
cmd-account = Ваш аккаунт
