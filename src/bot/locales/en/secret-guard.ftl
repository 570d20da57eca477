secret-key-deleted = 🔐 I deleted your message: it looked like an API key, and a key must never stay in a chat.
secret-key-deleted-command = 🔐 I deleted your message: it carried something that looks like an API key. I never take a key from a command or a /start link — paste it on its own as a message in this chat.
secret-key-deleted-group = 🔐 I deleted a message that looked like an API key. Never post your key in a group; write to me in a private chat: @{ $bot }. If it was your real key, create a new one in “API Settings” of your account.
secret-key-not-deleted = ⚠️ A message here looks like an API key and I could not delete it (I need the right to delete messages). Delete it now and create a new key in “API Settings” of your account.
secret-prompt-lapsed = 🔐 I deleted your message: this chat was asked for a password or a 2FA code that was not answered in time, and it may have been the answer. Start the action again from the menu (/menu).
secret-storage-down = 🔐 I deleted your message in case it held a password or a code: I cannot reach my storage right now.
confirm-stale = This confirmation was already used or has expired. Nothing was done.
