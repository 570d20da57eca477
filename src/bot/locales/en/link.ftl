link-intro =
    👋 <b>Welcome to { $exchanger }!</b>
    This bot manages your exchanger account from this private chat.

    To link your account, send me your <b>API key</b>. You find it on the exchanger's website: log in, open your account area, section <b>“API Settings”</b>, switch the API on and copy the secret key.

    I delete the message with the key at once and keep the key encrypted.
link-not-a-key = 🤔 That does not look like an API key (a long code without spaces from the “API Settings” section of your account). I deleted the message just in case. Please send the key again.
link-not-linked-text = 🔑 Your account is not linked yet. To link it, send me the <b>API key</b> from “API Settings” on the exchanger's website (a long code without spaces). Without an account, /exchange shows what an exchange would give.
link-rejected = ❌ The exchanger rejected this key. Check that the API is switched on in “API Settings” and that you copied the whole key, then send it again. Nothing was saved.
link-done = ✅ Account linked. Key: <code>{ $key }</code>
link-already = Your account is already linked. To use another key, /logout first.
logout-confirm = Unlink your account? The key and all data of this chat will be deleted from the bot.
logout-yes = Yes, unlink
logout-no = No, keep it
logout-done = 👋 Unlinked. Your key and all data of this chat were deleted. Send a new key any time to link again.
logout-kept = OK, your account stays linked.
cmd-logout = Unlink your account
cmd-link = Link your account
link-order-first = 🔗 This link opens order #{ $id }. Link your account first (below), then open the link again.
link-intro-unnamed =
    👋 <b>Welcome!</b>
    This bot manages your exchanger account from this private chat.

    To link your account, send me your <b>API key</b>. You find it on the exchanger's website: log in, open your account area, section <b>“API Settings”</b>, switch the API on and copy the secret key.

    I delete the message with the key at once and keep the key encrypted.
