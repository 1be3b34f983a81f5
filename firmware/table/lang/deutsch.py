# Deutsch: die Wörter der Bildschirme (table/lang/__init__.py).
# One text a line, key=text (a text runs to the end of its line, spaces
# included); card letters are one line, the letters apart by spaces. One str a
# part (no large block of the heap is needed for one).
S = (
"""
lang_name=Deutsch
""",
# games and rule sets (games.title, games.rules_name)
"""
game_koenigrufen=Königrufen
game_slovenian=Slowenisch
game_french=Französisch
game_bavarian=Bayrisch
rs_koenigrufen/pagat=pagat.com
rs_koenigrufen/tarockcup=Tarockcup
rs_koenigrufen/tarockcup_austria=Tarockcup alt
rs_slovenian/play-tarock-online=Online-Regeln
rs_slovenian/play-tarock-online-open2=Online, zu zweit
rs_slovenian/standard=Standard
rs_french/fft=FFT
rs_french/1000=Bis 1000
rs_french/maison=Hausregeln
rs_french/strohmann=Mit Strohmann
rs_bavarian/standard=Standard
rs_bavarian/announced=Mit Ansagen
""",
# setup (flows/setup.py)
"""
table_setup=Tisch einrichten
presets_again=Vorlagen ● neu lesen
presets_bad=presets.txt, Zeile %d: ein Fehler. Genaueres zeigt die Sprache Englisch.
presets_bad_file=presets.txt kann nicht gelesen werden. Warum, zeigt die Sprache Englisch.
row_Game=Spiel
row_Rules=Regeln
row_Presets=Vorlagen
row_Players=Spieler
row_Seats=Plätze
row_Dealer=Geber
row_End=Ende
row_Mode=Modus
row_Confirm=OK durch
cf_all=alle
cf_side=Partei+1 Gegner
row_Language=Sprache
row_Names=Namen
row_Start=Start
open_ended=offen
first_past=erster über %d
first_to=wer %d erreicht
n_rounds=%d Runde|%d Runden
n_deals=%d Spiel|%d Spiele
as_rules_say=nach den Regeln
file_error=Dateifehler
app_error=Programmfehler, notiert
drawn=, gelost
choose=● wählen
play=● spielen
too_few_seats=zu wenig Plätze für dieses Spiel
name_letter=Name braucht Buchstaben
name_taken=%s ist vergeben
name_max=höchstens %d Buchstaben
no_space=hier kein Leerzeichen
names=Namen
seat_not_playing=dieser Platz spielt nicht
waiting_others=warte auf die anderen
who_sits=Wer sitzt auf Platz %d?
new_name=neuer Name
n_of_m=%d von %d
take_keep=● nimm  halten: behalten
ed_done=fertig
ed_delete=löschen
ed_space=Leerz.
new_name_seat=Neuer Name (Platz %d)
take_list=● nehmen  halten: Liste
tc_title=Tischcode
tc_typing=Platz %d tippt den Code
tc_check=Code falsch: prüfen
tc_length=Ein Code hat %d Zeichen
tc_range=Kein Tischcode
mode_virtual=Karten am Schirm
mode_physical=Geben + Punkte
mode_score=Nur Punkte
""",
# totals, idle (flows/common.py, flows/idle.py)
"""
no_deals_yet=noch keine Spiele
score_sheet=Spielliste
score_sheet_n=Spielliste %d/%d
seen=● gelesen
more_seen=◀▶ mehr  ● gelesen
seat_n=Platz %d
not_playing=spielt nicht
dealer_is=Geber: %s
deal_dealer=Spiel %d, Geber %s
you_deal=du gibst
aborted_by=abgebrochen von %s
party_over=Partie aus: %s
new_party=● neue Partie
next_deal=● nächstes Spiel
rank=Platz %d von %d
rank_elo=Platz %d/%d  Elo %d (%+d)
deal_confirm=Spiel %d: bestätigen
for_you=%+d für dich
fix_for_you=%+d → %+d für dich
waiting_for=warte auf %s
confirm=● bestätigen
you_confirmed=du hast bestätigt
money=%d,%02d C
money_out=an %s %s
money_in=von %s %s
""",
# the app: storage, votes, the seat menu (app.py)
"""
sheet_unreadable= sie war nicht lesbar
not_saved=nicht gespeichert
cannot_save=Spielliste nicht speicherbar:
play_unsaved=● ungespeichert weiter
stop=◀ aufhören
unsaved=ungesp. 
saving=speichert...
hold_menu=● halten: Menü
ask_abort=Spiel abbrechen?
ask_discard=Ergebnis verwerfen?
ask_new=Neuer Tisch?
ask_end=Partie beenden?
ask_forget=%s vergessen?
m_discard=Ergebnis verwerfen
m_abort=Spiel abbrechen
m_end=Partie beenden
m_new=Neuer Tisch
m_resume=Weiter
m_scores=Punkte
m_past=Frühere Partien
m_abort_party=Partie abbrechen (-%d)
m_forget=Spieler vergessen
scores=Punkte
you_ask=Du fragst den Tisch:
asks=%s fragt den Tisch:
to_answer=noch offen:
withdraw=◀ zurücknehmen
not_playing_p=(spielt nicht)
said_yes=du sagtest ja  ◀ nein
yes_no=● ja     ◀ nein
abort_party_q=Partie abbrechen?
abort_party_why=Das Spiel hat noch nicht begonnen. Der Abbruch kostet dich %d Punkt; die Wertung bleibt.|Das Spiel hat noch nicht begonnen. Der Abbruch kostet dich %d Punkte; die Wertung bleibt.
abort_back=● abbrechen  ◀ zurück
keeps_name=alte Listen behalten ihn
ask_table=● den Tisch fragen
hold_back=● halten: zurück
menu_of=Menü - %s
""",
# what the score sheet found when it opened (table.sheet.sheet: Sheet.words)
"""
p_framing=Schrift einer neueren Firmware (Format %d): bleibt, wie sie ist, wird nicht beschrieben
p_damage=Beschädigte Einträge beiseitegelegt: %d Byte (in der Quarantäne)|Beschädigte Einträge beiseitegelegt: %d Bytes (in der Quarantäne)
p_store=Die Schrift kann nicht gelesen werden: %s
p_unsaved=Schrift gelesen, aber nicht gespeichert: %s. Neues wartet im Speicher, bis es geht
p_flash=Flash fast voll: %d KB frei. Schrift vom Gerät kopieren; nichts wird gelöscht
p_refused_deal=Spiel %d von %s nicht gezählt: %s
p_lost=Spiel %d von %s konnte nicht gelesen werden
p_lost_n=Spiele %d bis %d von %s konnten nicht gelesen werden
p_refused=Ein Eintrag (%s) von %s beiseitegelegt: %s
p_lost_why=Spiel %d von %s konnte nicht gelesen werden: %s
p_ok_lost=Spiel %d von %s zählt: eine Bestätigung war beschädigt, der Tisch hatte weitergespielt
p_newer_rec=Einträge einer neueren Firmware: behalten, nicht gezeigt
p_format=Teile von einer neueren Firmware (%s): behalten, wie bestätigt gezählt
p_dup=Die Partie von %s stand zweimal in der Schrift: einmal gezählt
p_end_lost=Das Ende der Partie von %s konnte nicht gelesen werden
p_player=Ein Spielername konnte nicht gelesen werden (Spieler %d)
p_newer_deal=Spiel %d von %s: von einer neueren Firmware, zählt wie bestätigt
p_unreadable=Spiel %d von %s: Ergebnis hier nicht lesbar, zählt wie bestätigt
p_written_bad=Spiel %d von %s: gespeichertes Ergebnis beschädigt, nach den Regeln gezählt
p_disputed=Spiel %d von %s ist strittig: es zählt wie bestätigt, %s
p_arc_damage=%d Byte dieser Partie konnte nicht gelesen werden|%d Bytes dieser Partie konnten nicht gelesen werden
p_headless=Der Aufbau einer Partie war nicht lesbar: ihre Spiele bleiben, Plätze nummeriert, wie bestätigt gezählt
p_arc_indexed=Eine vergangene Partie von %s wurde im Archiv wiedergefunden
p_arc_bad=Das Archiv vergangener Partien hat beschädigte Einträge: bleibt, wie es ist
p_arc_short=%s fehlen %d der %d Bytes dieser Partie
p_more=Weitere Probleme, nicht gezeigt: %d
r_fits=passt nicht in die Schrift
r_number=Spielnummer außerhalb des Bereichs
r_twice=steht zweimal in der Schrift
r_orphan=sein Spiel fehlt
r_over=die Partie war vorbei
r_unconfirmed=keine Bestätigung lesbar
r_full=der Flash ist voll
r_readonly=der Flash ist schreibgeschützt
r_isdir=die Schrift ist ein Ordner
r_access=die Datei ist schreibgeschützt
r_io=der Flash antwortet nicht
r_os=Speicherfehler (%s)
""",
# the score sheet, past parties (flows/sheetview.py, flows/past.py)
"""
unreadable=nicht lesbar
no_summary=keine Angaben
totals=Summe
dealt=gab %s: %s
it_was=korrigiert; vorher:
disputed=strittig
fw_scores=diese Firmware rechnet:
fw_cannot=hier nicht wertbar
rules_are=Regeln: %s
written_by=Firmware %s
written_before=Firmware vor 0.4
deal_of=Spiel %d von %d
deal_corrected=Spiel %d korrigiert
deal_deleted=Spiel %d gelöscht
correct_deal=Spiel %d korrigieren
undo_fix=Korrektur zurück
delete_deal=Spiel %d löschen
back=Zurück
sheet_deals=Liste, %s
sheet_of=Liste %s
page_correct=◀▶ Seite  ● korrigieren
page_back=◀▶ Seite  halten: zurück
deal_n=Spiel %d
not_now=jetzt nicht
choose_back=● wählen  halten: zurück
none_yet=noch keine gespeichert
party_of=Partie %d von %d
deals_scores=%s, %s
open_deals=● Spiele
totals_only=nur Summen
party_back=◀▶ Partie  halten: zurück
party_deals=Partie %d: %s
deal_back=◀▶ Spiel  halten: zurück
""",
# the dealing aid (flows/aid.py)
"""
r_dealer=Geber
r_out=setzt aus
r_forehand=Vorhand
r_cutter=Abheber
r_player=Spieler %d
each_from=je %d, ab %s
to_stock=%d in den %s
packets_from=Pakete zu %d, ab %s
round_round=Runde um Runde
spread1=%d einzeln in den %s
spread2=zwischen den Paketen,
spread3=nicht beim ersten/letzten
n_packets=%d Paket zu %d|%d Pakete zu %d
choose_turn=reihum, %s zuerst
stacks_each=%d Stapel x %d, %s
top_up=oben offen
top_down=verdeckt
plus_stacks=+ %d Stapel zu %d
deal=Geben
deal_role=Spiel %d: %s
you_cut=du hebst ab oder klopfst
cut=Abheben
knock=Klopfen
cuts=%s hebt ab
knocked=%s hat geklopft
dealt_ok=● gegeben
pages_dealt=◀▶ %d/%d  ● gegeben
you_get=du bekommst %d Karten
deals_x=%s gibt
play_deal=das Spiel spielen
speaks_first=%s sagt zuerst:
ich_spiele=Ich spiele, oder weiter
leads_bidding=%s lizitiert zuerst
enter_score=● Ergebnis eingeben
talon=Talon
stock=Stock
Stock=Stock
chien=Hund
""",
# score entry (flows/entry.py); e<code>: a refused result, tarock.errors.Refused (its values: w_* and other words)
"""
faster=◀ ▶ halten: schneller
done_ok=fertig ●
Kontra=Kontra
take_it_list=● nehmen  halten: Liste
announced_take=! angesagt  ● nehmen
enters=%s gibt ein
cannot_score=Nicht wertbar
confirm_why=Bestätigen %d/%d: warum
confirm_1_n=Bestätigen 1/%d ◀▶
confirm_h=Bestätigen
confirm_menu=● bestätigen halten: Menü
confirm_own=● passt  halten: ändern
waiting=warte auf: %s
e24=%s und %s passen nicht zusammen
e25=%s: so nicht möglich
e26=mehr als %d Punkte insgesamt
e27=ein Vogel muss angesagt sein
w_points=Punkte
w_bouts=Oudler
""",
# virtual cards (flows/play.py)
"""
no_game=kein Spiel
cutter_dealer=%s hebt ab, %s gibt
choose_packet=geklopft: Paket wählen
forehand=Vorhand %s
talon_l=L
talon_r=R
lays_away=%s legt %d weg
no_contract=noch kein Spiel
tricks=Stiche
laid_away=weggelegt
result_n=Ergebnis %d/%d
waiting_n=warte auf %d
ok=● ok
""",
# the families' words (games/*.py); "c_" + a profile's contract name
"""
ph_cut=Abheben
ph_packets=Pakete
ph_bidding=Lizitieren
ph_contract=Spiel
ph_king=König
ph_talon=Talon
ph_discard=Weglegen
ph_announce=Ansagen
ph_trick=Stich
ph_result=Ergebnis
trick_n=Stich %d
pass=Weiter
mein_spiel=Mein Spiel
packet=Paket %d
king_of=König %s
fourth_king=Vierter König
talon_left=Talon links
talon_right=Talon rechts
concede=Aufgeben
the_game=Spiel
fourth_k= 4. König
b_trull=Trull
b_kings=4 Könige
b_pagat=Pagat
b_uhu=Uhu
b_kakadu=Kakadu
b_marabu=Marabu
b_king_ult=König ult.
b_valat=Valat
b_mondfang=Mondfang
b_skusfang=Sküsfang
b_konigfang=Königfang
b_ten_tarock=10 Tarock
conceded=aufgegeben
pts_won=gewonnen mit %d von 70
pts_lost=verloren mit %d von 70
tricks_won=%s: gewonnen
tricks_lost=%s: verloren
-=-
decl=Spieler
def=Gegner
both=beide
ann= ang.
made=gemacht
lost=verloren
on_game=%s auf das Spiel
on_x=%s auf %s
decl made=Spieler gew.
def made=Gegner gew.
decl lost=Spieler verl.
def lost=Gegner verl.
decl! made=Spieler! gew.
decl! fail=Spieler! verl.
def! made=Gegner! gew.
def! fail=Gegner! verl.
declarer=Spieler
contract=Spiel
alone=allein
partner_conc=Partner/aufgegeben
partner=Partner
at_seat=meldet sich
i_partner=● ich war Partner
wait_partner=warte auf den Partner
game=Spiel
won=gewonnen
bonuses_kontra=Prämien, Kontra
tricks_of=Stiche von %s
points_of=Punkte von %s
takes_rest=%s hat den Rest: %d
plus_card= + %d Karte| + %d Karten
entered=%s %s (eingegeben)
pts_tr=%2d Pkt %2d St%+5d
pts_kl=%2d Pkt %5s%+5d
tr_none= 0 St
per_opponent=je Gegner
""",
# card letters: Jack, Cavalier, Queen, King, Sküs (54 cards, games/common.py)
"""
faces=B R D K Sk
""",
# Slovenian (games/slovenian.py)
"""
ph_open2=Offenes Spiel
open_game=Offenes Spiel
i_play=Ich spiele
group=Gruppe %d
sb_trull=Trull
sb_kings=Könige
sb_pagat=Pagat ult.
sb_trullpagat=Trullpagat
sb_valat=Valat
sb_king_ult=König ult.
sb_kings_l=Könige
sb_pagat_l=Pagat ultimo
sb_king_ult_l=König ultimo
sb_mondfang=Mondfang
took_group=nahm Gruppe %d
talon_given=Talon weg
n_tricks=%d Stich|%d Stiche
n_pts=%d Pkt.
entered_x=eingegeben: %s
game_value=Spiel %d
diff35=Differenz zu 35
each_party=je Spieler der Partei
the_declarer=der Spieler
opp_zero=Gegner: 0 (Standard)
announced=angesagt
nobody=niemand
nobody_klop=niemand: Klop
no_trick=Kein Stich
took_one=Stich gemacht
no_trick_w=kein Stich
points_decl=Punkte der Spieler
pays=%s zahlt
c_Drei=Drei
c_Zwei=Zwei
c_Eins=Eins
c_Solo drei=Solo drei
c_Solo zwei=Solo zwei
c_Solo eins=Solo eins
c_Solo ohne Talon=Solo ohne
c_Bettler=Bettler
c_Offener Bettler=Offener Bettler
c_Farbvalat=Farbvalat
c_Valat ohne Talon=Valat ohne
c_Klop=Klop
c_Piccolo=Piccolo
""",
# French Tarot (games/french.py)
"""
ph_petit_sec=Petit sec
ph_ecart=Écart
ph_chelem=Chelem
ph_poignee=Poignée
keep_back=verdeckt lassen: %d
kept_back=verdeckt
show_poignee=Poignée zeigen
excuse=Ex
r_king=König
r_queen=Dame
r_knight=Reiter
r_jack=Bube
r_card=Karte
chelem_x=Chelem!
petit_sec_redeal=Petit sec: neu geben
chelem_ann=Chelem angesagt
petit_sec_x=Petit sec %s, neu
all_passed_redeal=alle weiter: neu geben
fr_won=%s Pkt, %d Oudler: gew.
fr_lost=%s Pkt, %d Oudler: verl.
needed=nötig %d
petit_bout_x=Petit au bout: %s
taker=Spieler
defence=Gegner
taker!=Spieler!
taker! failed=Spieler! verl.
defence!=Gegner!
simple=einfach
double=doppelt
triple=dreifach
d'atout=d'atout
de tête=de tête
poign=Poign. 
n_poign=%d.Poign. 
all_passed=alle weiter
taker_h=Spieler
partner_called=Partner (gerufen)
n_bouts=%d Oudler
bouts_def=Oudler der Gegner
points_def=Punkte der Gegner
bouts_taker=Oudler des Spielers
points_taker=Punkte des Spielers
petit_bout=Petit au bout
petit_bout_l=Petit bout
tak=Sp.
dfc=Geg.
bonuses=Prämien
fr_no_bonus=keine Prämie
fr_other_bonuses=andere Prämien …
redeal_no_game=neu geben: kein Spiel
fr_of_won=%s/%d, %d Oudler: gew.
fr_of_lost=%s/%d, %d Oudler: verl.
base_x=Grundwert %d x%d
points_x=Punkte %d x%d
chelem_def=Chelem der Gegner
each_def_pays=jeder Gegner zahlt
""",
# Bavarian Tarock (games/bavarian.py)
"""
s_eichel=Eichel
s_gruen=Grün
s_herz=Herz
s_schellen=Schellen
ph_put_back=Zurücklegen
ph_trumps=Trumpf
hand_game=Hand
hand_game_l=Handspiel
aufnahme=Aufnahme
trumps_x=Trumpf %s
passed_no_game=alle weiter: kein Spiel
eyes_won=gewonnen mit %d Augen
eyes_lost=verloren mit %d Augen
tricks_vs=Stiche %d : %d
both_took=beide haben Stiche
decl_all=Spieler hat alle
decl_none=Spieler hat keinen
kind=Art
bid=Gebot
announced_h=Angesagt
nothing=nichts
eyes_of=Augen von %s
tricks_h=Stiche
each_opp_pays=jeder Gegner zahlt
""",
# the play view (flows/play.py)
"""
play_your_turn=%s: du bist dran
play_to_move=%s: %s ist dran
play_to_move_n=%s ist dran
play_out= - setzt aus
play_last=letzter
play_last_trick=Letzter Stich
play_final_trick=Der letzte Stich
play_took_it=%s hat ihn
play_to_result=● Ergebnis
play_take_back=● zurücknehmen
play_shows=%s zeigt:
play_open_page=Blatt %s: ◀▶ Seiten
play_pages=◀▶ Seiten
play_peek_back=● zurück zu den Karten
""",
# the score sheet at boot, a question across a restart (app.py)
"""
more_play_on=◀▶ mehr  ● ungespeichert
vote_gone=Frage von %s entfällt
""",
# the phones' page (web/page.html; host_tools/build/gen_page.py lists its keys)
"""
web_lang=de
web_title=Schreibblock
web_loading=lädt …
web_live=live
web_reconnecting=verbinde neu …
web_none=Noch keine Partie
web_deals=Spiele: %s
web_over=beendet
web_radelci=Radelci: %s
web_sheet=Spiel für Spiel
web_points=%s Punkte
web_redeal=neu gegeben
web_disputed=strittig
web_fixed=korrigiert
web_deleted=gelöscht
web_plot=Der Abend
web_stats=Statistik
web_player=Spieler
web_played=Gespielt
web_declared=Als Spieler
web_won=Gewonnen
web_average=Schnitt
web_elo=Elo
web_money=Abrechnung
web_per_point=%s pro Punkt
web_archive=Frühere Partien
web_download=Herunterladen
web_csv=Block (CSV)
web_json=Alles (JSON)
web_import=Spielliste eines Geräts laden
web_time_ntp=Uhrzeiten aus dem Netz
web_time_page=Uhrzeiten von der Uhr eines Telefons
""",
# the seat menu's way to the phones' page: its QR codes, or why it is off (web/phone.py)
"""
m_phone=Die Seite am Handy
qr_wifi=WLAN
qr_pass=Passwort
qr_page=Die Seite
qr_keys=◀▶  ● zurück
qr_off=Die Seite ist aus
qr_starting=Das WLAN startet.
""",
# the radio (hw/net.py): why the page is off (Net.why)
"""
net_no_radio=kein WLAN-Chip
net_bad_file=wifi.txt fehlerhaft
net_no_join=Netz nicht verbunden
net_failed=WLAN-Fehler
""",
# a tournament round (flows/tourney.py)
"""
m_code=Tischcode
row_Tourney=Turnier
tn_back=die Runde
tn_bad=das Feld %s der Tischdatei ist falsch
tn_unreadable=die Tischdatei ist nicht lesbar
tn_file=Tischdatei
tn_ordinary=◀ freie Partie
tn_seats=die Runde braucht %d Plätze, der Tisch hat %d
tn_played=Runde %d an Tisch %d ist schon auf der Schrift
tn_round_table=Runde %d, Tisch %d
tn_games=%d Spiele
tn_games_min=%d Spiele, %d min
tn_start=● Runde beginnen
tn_deal=Spiel %d/%d, Geber %s
tn_you_deal=Spiel %d/%d, du gibst
tn_left=noch %d min
tn_time_up=die Zeit ist um
tn_signed=Runde %d, Tisch %d unterschrieben
tn_early=vorzeitig beendet
tn_next=● nächste Runde
tn_no_key=die Tischdatei der Runde fehlt: zum Unterschreiben wieder aufs Gerät kopieren
tn_waiting=unterschreiben: %s
tn_sign=● Runde unterschreiben
tn_you_signed=du hast unterschrieben
""",
)
