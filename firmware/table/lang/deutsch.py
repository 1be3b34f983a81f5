# Deutsch: die Wörter der Bildschirme (table/lang/__init__.py).
S = {
    "lang_name": "Deutsch",
    # the play of virtual cards (table.flows.play)
    "play_your_turn": "%s: du bist dran",
    "play_to_move": "%s: %s ist dran",
    "play_out": " - setzt aus",
    "play_last": "letzter",
    "play_last_trick": "Letzter Stich",
    "play_final_trick": "Der letzte Stich",
    "play_took_it": "%s hat ihn",
    "play_to_result": "● Ergebnis",
    "play_take_back": "● zurücknehmen",
    "play_shows": "%s zeigt:",
    "play_open_page": "Blatt %s: ◀▶ Seiten",
    "play_pages": "◀▶ Seiten",
    "play_peek_back": "● zurück zu den Karten",
}
