inputs-menu = 📝 Saved fields
inputs-cmd = Saved exchange form fields
inputs-title = 📝 <b>Saved fields</b>
inputs-hint = What the exchanger remembers from your exchange forms:
inputs-empty = The exchanger has no saved fields for you yet. They appear after you fill in an exchange form on the website.
# A saved field no exchange direction names any more: only its id is known.
inputs-unnamed-field = Field #{ $id }
