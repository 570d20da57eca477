help-intro = ℹ️ I manage your exchanger account from this chat. Use the menu (/menu) or these commands:
cancel-done = ✖ Cancelled.
cancel-nothing = There is nothing to cancel.
unknown-command = 🤷 Unknown command. See /help.
unknown-text = Use the menu (/menu) or /help to see what I can do.
cmd-help = Help
cmd-cancel = Cancel the current action
