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
password-ask-code = 🔐 Your account has two-factor authentication. Send the current 6-digit code from your authenticator app.
password-code-too-many = ❌ Too many wrong codes. The password was not changed. Send /password to start again.
password-refused = ❌ The exchanger did not change the password: { $message }
    Send /password to try again.
password-refused-generic = ❌ The exchanger refused to change the password without saying why. Send /password to try again.
password-unknown = ⚠️ The exchanger did not answer in time, so I cannot tell whether the password was changed. Try logging in on the website with the new password; if that fails, the old one is still valid.
password-changed = ✅ <b>Your password has been changed.</b> Use the new one the next time you log in on the website.
