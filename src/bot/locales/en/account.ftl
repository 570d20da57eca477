account-title = 👤 <b>Your account at { $exchanger }</b>
account-unreadable = ⚠️ I cannot read this exchanger's account details with certainty, so I show none of them. See your account on the exchanger's website.
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Balance
account-2fa-on = 🔐 2FA: on
account-2fa-off = 🔓 2FA: off
cmd-account = Your account
