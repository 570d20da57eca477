link-intro =
    👋 <b>Welcome!</b>
    This bot manages your exchanger account from this private chat.

    To link your account, send me your <b>API key</b>. You find it on the exchanger's website: log in, open your account area, section <b>“API Settings”</b>, switch the API on and copy the secret key.

    I delete the message with the key at once and keep the key encrypted.
link-not-a-key = 🤔 That does not look like an API key (a long code without spaces from the “API Settings” section of your account). I deleted the message just in case. Please send the key again.
link-rejected = ❌ The exchanger rejected this key. Check that the API is switched on in “API Settings” and that you copied the whole key, then send it again. Nothing was saved.
link-done = ✅ Account linked. Key: <code>{ $key }</code>
link-already = Your account is already linked. To use another key, /logout first.
logout-confirm = Unlink your account? The key and all data of this chat will be deleted from the bot.
logout-yes = Yes, unlink
logout-no = No, keep it
logout-done = 👋 Unlinked. Your key and all data of this chat were deleted. Send a new key any time to link again.
logout-kept = OK, your account stays linked.
menu-title = 🏠 <b>Main menu</b>
menu-title-unlinked = 🏠 <b>Main menu</b>
    Send your API key to unlock your account screens (see /start).
menu-account = 👤 Account
menu-language = 🌐 Language
btn-menu = ☰ Menu
btn-refresh = 🔄 Refresh
btn-back = ◀ Back
btn-cancel = ✖ Cancel
account-title = 👤 <b>Your account</b>
account-balance = 💰 <b>{ $label }: { $value }</b>
account-balance-label = Balance
account-2fa-on = 🔐 Two-factor authentication: on
account-2fa-off = 🔓 Two-factor authentication: off
account-field-id = Account number
account-field-login = Login
account-field-email = E-mail
account-field-first-name = First name
account-field-last-name = Last name
account-field-middle-name = Middle name
account-field-phone = Phone
account-field-verified = Verified
account-field-discount = Discount
account-field-partner-balance = Partner balance
account-field-referral-link = Referral link
account-field-referrals-count = Referrals
account-field-group = Group
account-field-created = Registered
account-field-last-login = Last sign-in
account-yes = yes
account-no = no
language-choose = 🌐 Choose your language:
language-set = ✅ Language: English
help-intro = ℹ️ I manage your exchanger account from this chat. Use the menu (/menu) or these commands:
cancel-done = ✖ Cancelled.
cancel-nothing = There is nothing to cancel.
button-expired = This button has expired.
unknown-command = 🤷 Unknown command. See /help.
unknown-text = Use the menu (/menu) or /help to see what I can do.
private-only = 🔒 I only work in a private chat, so your account stays private. Write to me directly: @{ $bot }. Never post your API key in a group!
private-only-short = Please write to me in a private chat.
error-not-linked = 🔑 Your account is not linked yet. Send /start to see how to link it with your API key.
error-key-rejected = 🔑 The exchanger no longer accepts your key (it was revoked or changed). I forgot it; send the new key from “API Settings” to link again.
error-unavailable = ⏳ The exchanger is not answering right now. Please try again in a few minutes.
error-exchanger = ⚠️ The exchanger says: { $message }
error-exchanger-generic = ⚠️ The exchanger refused the request without saying why.
error-internal = 😵 Something went wrong on our side. Please try again.
cmd-start = Start and link your account
cmd-menu = Main menu
cmd-account = Your account
cmd-language = Change the language
cmd-help = Help
cmd-cancel = Cancel the current action
cmd-logout = Unlink your account
cmd-link = Link your account
slow-down-toast = ⏳ Too many requests, slow down a little.
slow-down = ⏳ You are sending requests faster than I can handle them, so I skipped some. Wait a moment, then try again.
slow-down-wait = ⏳ Too many requests from this chat. Please wait { $seconds } s, then try again.
