# Slovenščina: besede na zaslonih (table/lang/__init__.py).
S = {
    "lang_name": "Slovenščina",
}
