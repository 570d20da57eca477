help-intro = ℹ️ I manage your exchanger account from this chat. Use the menu (/menu) or these commands:
cancel-done = ✖ Cancelled.
cancel-nothing = There is nothing to cancel.
unknown-command = 🤷 Unknown command. See /help.
unknown-text = Use the menu (/menu) or /help to see what I can do.
cmd-help = Help
cmd-cancel = Cancel the current action
help-more = More commands:
profile-description =
    Your { $exchanger } account in Telegram: your orders and their status, paying an order, your balance, and a message when an order changes.

    To start, press Start and send the API key from your account area on the exchanger's website (“API Settings”). The bot deletes the message with the key at once and keeps the key encrypted.
profile-short-description = Your { $exchanger } orders, payments and balance in Telegram.
