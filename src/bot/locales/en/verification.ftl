verification-menu = 🪪 Verification
verification-cmd = Verification status and submission

verification-title = 🪪 <b>Verification</b>
verification-none = You have not submitted a verification request yet. Press “📤 Submit verification” to start.
verification-status-line = <b>Status:</b> { $status }
verification-comment-line = 💬 <b>Comment from the exchanger:</b> { $comment }
verification-rejected-hint = Your request was rejected. You can fix the issue and submit a new one.
verification-status-pending = ⏳ Under review
verification-status-approved = ✅ Approved
verification-status-rejected = ❌ Rejected
verification-status-unknown = unknown
verification-status-none = 📭 Not submitted

verification-kind-card = 💳 Bank card
verification-kind-identity = 🪪 Identity document
verification-kind-service = 🌐 Third-party verification service
verification-idtype-passport = Passport
verification-idtype-id-card = ID card
verification-idtype-driver-license = Driving licence

verification-btn-start = 📤 Submit verification
verification-btn-refresh = 🔄 Refresh
verification-btn-kind-card = 💳 Bank card
verification-btn-kind-identity = 🪪 Identity document
verification-btn-kind-service = 🌐 External service
verification-btn-skip = ⏭ Skip
verification-btn-done = ✅ Done ({ $count ->
        [one] 1 photo
       *[other] { $count } photos
    })
verification-btn-submit = 📤 Submit
verification-btn-edit = ✏️ Edit
verification-btn-clean = 🧹 Delete my photos
verification-btn-keep = Keep them

verification-ask-kind = 🪪 <b>What would you like to verify?</b>
verification-kind-chosen = Verification: <b>{ $kind }</b>
verification-ask-card-number = 💳 Send the <b>card number</b> (12–19 digits; spaces are fine). I will delete your message right away and show the number masked.
verification-ask-first-name = Send your <b>first name</b> as it appears on the { $kind ->
        [card] card
       *[other] document
    }.
verification-ask-last-name = Send your <b>last name</b>.
verification-ask-middle-name = Send your <b>middle name</b> (patronymic).
verification-ask-id-type = 🪪 What <b>document</b> is it? Choose below or type its name.
verification-ask-id-number = Send the <b>document number</b> (series and number).
verification-ask-birth-date = 🎂 Send your <b>date of birth</b> as dd.mm.yyyy, for example 24.08.1991.
verification-ask-phone = 📞 Send your <b>phone number</b> in international format, starting with + and the country code, for example +380501234567.
verification-ask-country = 🌍 Send your <b>country</b>.
verification-ask-city = 🏙 Send your <b>city</b>.
verification-ask-address = 🏠 Send your <b>address</b> (street, building, apartment).
verification-ask-zip-code = 📮 Send your <b>postal code</b>.
verification-optional = <i>Optional: press “Skip” if you have none.</i>
verification-skipped = <i>Skipped.</i>

verification-error-empty = ❌ The answer is empty.
verification-error-too-long = ❌ That is too long. Please shorten it.
verification-error-control-chars = ❌ The text contains invisible control characters. Please type it again without them.
verification-error-no-letters = ❌ A name must contain letters.
verification-error-name-chars = ❌ A name consists of letters; spaces, hyphens, apostrophes and dots are fine, digits and symbols are not.
verification-error-card-chars = ❌ A card number may contain only digits, spaces and dashes.
verification-error-card-length = ❌ A card number has 12 to 19 digits. Please check it.
verification-error-card-checksum = ❌ This card number is not valid (the check digit does not match). Please check for a typo.
verification-error-date-format = ❌ Please send the date as dd.mm.yyyy, for example 24.08.1991.
verification-error-date-not-real = ❌ This date does not exist. Please check the day and the month.
verification-error-date-future = ❌ The date of birth must be in the past.
verification-error-date-too-young = ❌ You must be at least 14 years old to be verified.
verification-error-date-too-old = ❌ That would make you older than 120. Please check the year.
verification-error-phone-format = ❌ Please send the phone number in international format: + and the country code, 7 to 15 digits, for example +380501234567.
verification-error-id-number-chars = ❌ A document number consists of letters and digits (spaces and dashes are fine).
verification-error-zip-chars = ❌ A postal code consists of letters and digits (spaces and dashes are fine).

verification-use-buttons = 👆 Please use the buttons above (or /cancel to stop).
verification-send-text = ✍️ Please answer this question with a text message.

verification-ask-photos-card = 📷 Now send a <b>photo of your card</b>. You may cover the middle digits, but the first 4 and the last 4 digits and your name must be readable. Some exchangers also ask for a photo of you holding the card.

    Send photos one by one, as an album, or as image files (up to 9000 KB each, at most { $max }).
verification-ask-photos-identity = 📷 Now send <b>photos of the document</b>: the page with your photo and, if your exchanger asks, a selfie with the document.

    Send photos one by one, as an album, or as image files (up to 9000 KB each, at most { $max }).
verification-photo-received = 📷 Photo { $n } received. Send more, or press “Done”.
verification-photo-expected = 📷 Please send a photo (or an image file).
verification-photo-or-done = 📷 Send another photo, or press “Done” when you have sent them all.
verification-photo-too-large = ❌ This file is { $size } KB; the limit is { $max } KB per photo. It was not added. Please send a smaller photo (sending it as a photo, not as a file, makes it smaller).
verification-photo-not-image = ❌ This is not a JPEG, PNG or WebP image, so it was not added. Please send a photo, or an image file of one of these types (a HEIC or other picture: send it as a photo, not as a file).
verification-photo-too-many-pixels = ❌ This image has too many pixels for me to process (more than 50 megapixels), so it was not added. Please send it as a photo, not as a file: Telegram makes it smaller.
verification-photo-limit = ❌ You have already sent { $max } photos, the maximum. Press “Done” to continue.

verification-summary-title = 📋 <b>Please check your verification request</b>
verification-summary-kind = <b>Kind:</b> { $kind }
verification-summary-photos = <b>Photos:</b> { $count }
verification-summary-service = You confirm that you passed verification through the exchanger's partner service; no data is needed here.
verification-summary-confirm = Submit it?
verification-editing = <i>✏️ Editing: let's fill in the form again.</i>
verification-sending = <i>⏳ Sending…</i>
verification-submit-too-large = ❌ One of the photos is larger than 9000 KB. Press “Edit” and send smaller photos.
verification-submit-not-image = ❌ Photo { $n } is not a { $types } image (judged by its content), so I left it out.
    { $left ->
        [0] No photos are left: press “Edit” and send them again.
        [one] 1 photo is left: press “Submit” to send it, or “Edit” to start over.
       *[other] { $left } photos are left: press “Submit” to send them, or “Edit” to start over.
    }
verification-submit-too-many-pixels = ❌ Photo { $n } has too many pixels for me to process, so I left it out. Sending it as a photo (not as a file) makes it smaller.
    { $left ->
        [0] No photos are left: press “Edit” and send them again.
        [one] 1 photo is left: press “Submit” to send it, or “Edit” to start over.
       *[other] { $left } photos are left: press “Submit” to send them, or “Edit” to start over.
    }
verification-submit-download-failed = ❌ I could not fetch your photos from Telegram. Press “Submit” to try again, or “Edit” to send them anew.

verification-sent = ✅ <b>Your verification request was sent.</b>
verification-clean-offer = 🧹 Your photos are still in this chat. Delete them?
verification-cleaned = 🧹 { $count ->
        [0] No photo messages could be deleted (Telegram allows deleting only for 48 hours).
        [one] 1 photo message deleted.
       *[other] { $count } photo messages deleted.
    }
verification-no-form-pending = ⏳ Your verification is under review: there is nothing to submit now.
verification-no-form-approved = ✅ Your verification is approved: there is nothing to submit.
verification-done-word = done
