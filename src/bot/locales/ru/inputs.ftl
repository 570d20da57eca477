inputs-menu = 📝 Сохранённые поля
inputs-cmd = Сохранённые поля форм обмена
inputs-title = 📝 <b>Сохранённые поля</b>
inputs-hint = Что обменник запомнил из ваших форм обмена:
inputs-empty = У обменника пока нет сохранённых полей для вас. Они появятся, когда вы заполните форму обмена на сайте.
# A saved field no exchange direction names any more: only its id is known.
inputs-unnamed-field = Поле №{ $id }
