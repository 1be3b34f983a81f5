# Français : les mots des écrans (table/lang/__init__.py).
S = {
    "lang_name": "Français",
}
