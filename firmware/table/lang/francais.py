# Français : les mots des écrans (table/lang/__init__.py).
S = {
    "lang_name": "Français",
    # the play of virtual cards (table.flows.play)
    "play_your_turn": "%s : à toi",
    "play_to_move": "%s : à %s",
    "play_out": " - hors jeu",
    "play_last": "dernier",
    "play_last_trick": "Dernier pli",
    "play_final_trick": "Le dernier pli",
    "play_took_it": "%s l'a pris",
    "play_to_result": "● résultat",
    "play_take_back": "● reprendre",
    "play_shows": "%s montre :",
    "play_open_page": "main de %s : ◀▶",
    "play_pages": "◀▶ pages",
    "play_peek_back": "● retour aux cartes",
}
