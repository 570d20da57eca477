language-choose = 🌐 Оберіть мову:
language-set = ✅ Мова: українська
cmd-language = Змінити мову
