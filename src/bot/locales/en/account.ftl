account-title = 👤 <b>Your account at { $exchanger }</b>
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Balance
account-2fa-on = 🔐 2FA: on
account-2fa-off = 🔓 2FA: off
account-yes = yes
account-no = no
cmd-account = Your account
