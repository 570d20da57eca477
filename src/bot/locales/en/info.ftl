info-menu-currencies = 🪙 Currencies
info-menu-directions = 🔀 Directions
info-menu-status = 📡 Status
info-menu-referral = 🤝 Referral program
info-cmd-currencies = Currencies and reserves
info-cmd-directions = Exchange directions, rates and limits
info-cmd-status = Exchanger status
info-cmd-referral = Referral program
info-nothing = The exchanger sent no details.
info-currencies-title = 🪙 <b>Currencies</b> ({ $total })
info-currencies-empty = The exchanger lists no currencies right now.
info-currency-type-crypto = crypto
info-currency-type-fiat = fiat
info-currency-type-ewallet = e-wallet
info-currency-reserve = Reserve: { $value }
info-directions-title = 🔀 <b>Exchange directions</b>
info-directions-empty = The exchanger has no open exchange directions right now.
info-directions-pick-send = What do you want to send?
info-directions-pick-receive = You send <b>{ $send }</b>. What do you want to receive?
info-directions-none-from = There are no open directions from <b>{ $send }</b> any more.
info-direction-title = 🔀 <b>{ $send } → { $receive }</b>
info-direction-rate = 💱 Rate: { $send } = { $receive }
info-direction-min = ⬇️ Minimum: { $value }
info-direction-max = ⬆️ Maximum: { $value }
info-direction-reserve = 💰 Reserve: { $value }
info-direction-inputs = 📝 <b>Fields to fill in</b>
info-direction-no-inputs = No extra fields are needed.
info-direction-optional = (optional)
info-status-title = 📡 <b>Exchanger status</b>
info-status-online = 🟢 Online
info-status-offline = 🔴 Offline
info-status-maintenance = 🛠 Under maintenance
info-referral-title = 🤝 <b>Referral program</b>
info-referral-off = The referral program is switched off at the moment.
info-referral-percent = 💸 <b>Reward:</b> { $value } of every exchange
info-referral-levels = 🪜 <b>Levels:</b> { $value }
info-referral-level = level { $level } — { $value }
# A percentage (the number already in the reader's language).
info-referral-min-payout = 💳 <b>Minimum payout:</b> { $value }
info-referral-cookie = 🍪 <b>Referral link remembered for:</b> { $days ->
    [one] { $days } day
   *[other] { $days } days
}
info-direction-gone = The exchanger no longer offers { $send } → { $receive }. Pick another direction.
info-referral-on = The referral program is on.
info-referral-mine-title = 🤝 <b>Your referral program</b>
info-referral-link = 🔗 <b>Your referral link:</b> <code>{ $link }</code>
info-referral-no-link = 🔗 The exchanger does not give your referral link here; you find it in your account on its website.
info-referral-reward = 💸 <b>Your reward:</b> { $value }
info-referral-volume = 📊 <b>Your referrals exchanged:</b> { $value }
info-referral-orders = 🧾 <b>Referral orders:</b> { $count }
info-referral-program = <b>About the referral program</b>
info-referral-btn-copy = 📋 Copy link
info-referral-btn-share = 📤 Share
info-referral-btn-orders = 🧾 Referral orders
info-referral-share-text = Exchange on { $exchanger } with my link
info-referral-qr-caption = 🔗 Your referral link: { $link }
