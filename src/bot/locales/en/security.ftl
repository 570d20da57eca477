password-menu = 🔑 Change password
password-cmd = Change your account password
password-ask-current = 🔑 <b>Changing your password</b>
    Send your <b>current</b> password. I delete each message with a password as soon as I have read it.
    I can only check it at the end, when the exchanger gets the new password too.
password-reprompt-current = 🔑 I am waiting for your current password. Send it as a message, or press Cancel.
password-ask-new = 🔑 Now send the <b>new</b> password (at least { $min } characters).
password-same = ⚠️ The new password is the same as the current one. Send a different new password.
password-reprompt-new = 🔑 I am waiting for the new password. Send it as a message, or press Cancel.
password-too-short = ⚠️ This password is too short: it needs at least { $min } characters. Send a longer new password.
password-ask-repeat = 🔑 Send the new password once more, to make sure there is no typo.
password-reprompt-repeat = 🔑 I am waiting for the new password once more. Send it as a message, or press Cancel.
password-mismatch = ⚠️ The two passwords do not match. Send the new password again.
password-ask-code = 🔐 Your account has 2FA on. Send the current 6-digit code from your authenticator app.
password-code-too-many = ❌ Too many wrong codes. The password was not changed. Send /password to start again.
password-refused = ❌ The exchanger did not change the password: { $message }
    Send /password to try again.
password-wrong-current = ❌ The current password is wrong, so the password was not changed. Send /password to try again.
password-refused-generic = ❌ The exchanger refused to change the password without saying why. Send /password to try again.
password-unknown = ⚠️ The exchanger did not answer in time, so I cannot tell whether the password was changed. Try logging in on the website with the new password; if that fails, the old one is still valid.
password-changed = ✅ <b>Your password has been changed.</b> Use the new one the next time you log in on the website.

twofa-menu = 🔐 2FA
twofa-cmd = Turn 2FA on or off
twofa-title = 🔐 <b>2FA (two-factor authentication)</b>
twofa-state-on = Status: <b>on</b> ✅
twofa-state-off = Status: <b>off</b>
twofa-state-unknown = Status: the exchanger does not say.
twofa-explain-on = Payments from the balance, password changes and turning 2FA off need a code from your authenticator app.
twofa-explain-off = Turn 2FA on to protect payments and password changes with a code from an authenticator app (Google Authenticator, Authy, Aegis…).
twofa-btn-enable = 🔐 Turn on
twofa-btn-disable = 🔓 Turn off
twofa-already-on = ✅ 2FA is already on.
twofa-qr-caption = 🔐 <b>Turning on 2FA</b>
    1. Scan this QR code with your authenticator app, or add the account { $issuer } by hand with this key: <tg-spoiler><code>{ $secret }</code></tg-spoiler>
    2. Send me the 6-digit code the app shows.
    This message disappears when we are done. Do not share the key with anyone.
twofa-enable-cancelled = ✖ Cancelled. 2FA stays off.
twofa-enable-failed = ❌ Too many wrong codes. 2FA stays off; remove the entry from your authenticator app and try /2fa again.
twofa-enabled = ✅ <b>2FA is on.</b> From now on I will ask for a code from your authenticator app to pay from the balance and to change the password.
twofa-disable-ask-code = 🔓 To turn 2FA off, send the current 6-digit code from your authenticator app.
twofa-disable-failed = ❌ Too many wrong codes. 2FA stays on.
twofa-disabled = 🔓 <b>2FA is off.</b> You can remove the entry from your authenticator app.
