# English: the screens' words (table/lang/__init__.py says how keys work).
S = {
    "lang_name": "English",
}
