language-choose = 🌐 Choose your language:
language-set = ✅ Language: English
cmd-language = Change the language
