details-menu = 💼 Payment details
details-menu-add = ➕ Add details
details-cmd = Saved payment details
details-title = 💼 <b>Payment details</b>
details-title-count = 💼 <b>Payment details</b> ({ $total })
details-empty = You have no saved payment details yet. Press “➕ Add” to save a wallet address or a card number for your exchanges.
details-btn-add = ➕ Add
details-btn-delete = 🗑 Delete…
details-no-delete = ⚠️ I cannot tell with certainty which value is each detail's number on this exchanger, so I do not offer to delete details here. Delete them on the exchanger's website.
details-delete-title = 🗑 <b>Delete payment details</b>
details-delete-hint = Tick the details to delete, then press “Delete selected”.
details-btn-delete-selected = 🗑 Delete selected ({ $count })
details-delete-nothing = Nothing is selected. Tick at least one detail first.
details-delete-confirm = { $count ->
    [one] Delete this payment detail? This cannot be undone.
   *[other] Delete these { $count } payment details? This cannot be undone.
}
details-delete-some-gone = { $count ->
    [one] One selected detail is no longer on this page, so it is left out.
   *[other] { $count } selected details are no longer on this page, so they are left out.
}
details-btn-delete-yes = ✅ Yes, delete ({ $count })
details-delete-all-gone = The selected details are already gone.
details-deleted = { $count ->
    [one] Deleted one detail.
   *[other] Deleted { $count } details.
}
details-add-pick = ➕ <b>New payment detail</b>
    Choose its currency below, or type part of the currency's name or code (for example “usdt”) to narrow the list.
details-add-matches = Currencies matching “{ $query }” — choose one, or type something else:
details-add-no-match = 🔍 No currency matches “{ $query }”.
details-add-pick-text-only = Choose a currency with the buttons above, or type part of its name or code.
details-add-picked = Currency: <b>{ $currency }</b>
details-add-no-currencies = The exchanger lists no currencies right now, so a detail cannot be added. Please try again later.
details-add-value = Send the <b>{ $currency }</b> detail: the wallet address, card number or account, as one line of up to { $max } characters.
details-add-value-text-only = Please send the detail as a text message.
details-add-value-empty = ✋ The detail is empty.
details-add-value-too-long = ✋ That is { $length } characters long; the limit is { $max }.
details-add-value-control = ✋ The detail must be a single line without tabs or other special characters.
details-add-busy = You are adding a payment detail. Finish it, or send /cancel to stop.
details-add-saved = ✅ Saved: <b>{ $currency }</b> — <code>{ $value }</code>
details-add-value-not-card = 💳 This does not look like a card number: I need the 13–19 digits printed on the card (spaces are fine).
details-add-value-not-address = 🪙 This does not look like a { $currency } address: send the wallet address as one word, as your wallet shows it.
