language-choose = 🌐 Выберите язык:
language-set = ✅ Язык: русский
cmd-language = Сменить язык
