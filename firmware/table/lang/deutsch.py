# Deutsch: die Wörter der Bildschirme (table/lang/__init__.py).
S = {
    "lang_name": "Deutsch",
}
