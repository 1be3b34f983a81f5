# Français : les mots des écrans (table/lang/__init__.py).
# One text a line, key=text (a text runs to the end of its line, spaces
# included); card letters are one line, the letters apart by spaces. One str a
# part (no large block of the heap is needed for one).
S = (
"""
lang_name=Français
""",
# games and rule sets (games.title, games.rules_name)
"""
game_koenigrufen=Königrufen
game_slovenian=Tarok slovène
game_french=Tarot
game_bavarian=Tarock bavarois
rs_koenigrufen/pagat=pagat.com
rs_koenigrufen/tarockcup=Tarockcup
rs_koenigrufen/tarockcup_austria=Tarockcup ancien
rs_slovenian/play-tarock-online=Règles en ligne
rs_slovenian/play-tarock-online-open2=En ligne, à deux
rs_slovenian/standard=Standard
rs_french/fft=FFT
rs_french/1000=En 1000
rs_french/maison=Maison
rs_french/strohmann=Avec un mort
rs_bavarian/standard=Standard
rs_bavarian/announced=Avec annonces
""",
# setup (flows/setup.py)
"""
table_setup=Réglage de la table
presets_again=Modèles ● relire
presets_bad=presets.txt, ligne %d : une erreur. La langue anglaise la détaille.
presets_bad_file=presets.txt ne peut être lu. La langue anglaise dit pourquoi.
row_Game=Jeu
row_Rules=Règles
row_Presets=Modèles
row_Players=Joueurs
row_Seats=Places
row_Dealer=Donneur
row_End=Fin
row_Mode=Mode
row_Confirm=Valident
cf_all=tous
cf_side=camp + 1 adv.
row_Language=Langue
row_Names=Noms
row_Start=Début
open_ended=sans fin
first_past=au-delà de %d
first_to=premier à %d
n_rounds=%d tour|%d tours
n_deals=%d donne|%d donnes
as_rules_say=selon les règles
file_error=fichier erroné
app_error=Erreur logicielle notée
drawn=, tiré
choose=● choisir
play=● jouer
too_few_seats=pas assez de places pour ce jeu
name_letter=un nom veut une lettre
name_taken=%s est déjà pris
name_max=au plus %d lettres
no_space=pas d'espace ici
names=Noms
seat_not_playing=cette place ne joue pas
waiting_others=on attend les autres
who_sits=Qui est assis ici ? (%d)
new_name=nouveau nom
n_of_m=%d sur %d
take_keep=● prendre  tenir: garder
ed_done=fini
ed_delete=effacer
ed_space=espace
new_name_seat=Nouveau nom (place %d)
take_list=● prendre  tenir: liste
tc_title=Code de table
tc_typing=La place %d tape le code
tc_check=Code faux : vérifiez
tc_length=Un code a %d caractères
tc_range=Pas un code de table
mode_virtual=Cartes à l'écran
mode_physical=Donne + points
mode_score=Points seuls
""",
# totals, idle (flows/common.py, flows/idle.py)
"""
no_deals_yet=pas encore de donne
score_sheet=Feuille de marque
score_sheet_n=Feuille %d/%d
seen=● lu
more_seen=◀▶ suite  ● lu
seat_n=Place %d
not_playing=ne joue pas
dealer_is=donneur : %s
deal_dealer=donne %d, donneur %s
you_deal=tu donnes
aborted_by=partie arrêtée par %s
party_over=partie finie : %s
new_party=● nouvelle partie
next_deal=● donne suivante
rank=rang %d sur %d
rank_elo=rang %d/%d  Elo %d (%+d)
deal_confirm=Donne %d : confirmer
for_you=%+d pour toi
fix_for_you=%+d → %+d pour toi
waiting_for=on attend %s
confirm=● confirmer
you_confirmed=tu as confirmé
money=%d,%02d C
money_out=à %s %s
money_in=de %s %s
""",
# the app: storage, votes, the seat menu (app.py)
"""
sheet_unreadable= elle est illisible
not_saved=non enregistré
cannot_save=Feuille non enregistrable :
play_unsaved=● jouer sans enregistrer
stop=◀ arrêter
unsaved=non enr. 
saving=enregistrement...
hold_menu=tenir ● : menu
ask_abort=Annuler la donne ?
ask_discard=Rejeter le résultat ?
ask_new=Nouvelle table ?
ask_end=Finir la partie ?
ask_forget=Oublier %s ?
m_discard=Rejeter le résultat
m_abort=Annuler la donne
m_end=Finir la partie
m_new=Nouvelle table
m_resume=Reprendre
m_scores=Points
m_past=Parties passées
m_abort_party=Arrêter la partie (-%d)
m_forget=Oublier un joueur
scores=Points
you_ask=Tu demandes à la table :
asks=%s demande à tous :
to_answer=doivent répondre :
withdraw=◀ retirer
not_playing_p=(ne joue pas)
said_yes=tu as dit oui  ◀ non
yes_no=● oui     ◀ non
abort_party_q=Arrêter la partie ?
abort_party_why=Le jeu n'a pas commencé. L'arrêt te coûte %d point ; le classement reste.|Le jeu n'a pas commencé. L'arrêt te coûte %d points ; le classement reste.
abort_back=● arrêter  ◀ retour
keeps_name=les feuilles le gardent
ask_table=● demander à la table
hold_back=tenir ● : retour
menu_of=Menu - %s
""",
# what the score sheet found when it opened (table.sheet.sheet: Sheet.words)
"""
p_framing=Feuille d'un micrologiciel plus récent (format %d) : gardée telle quelle, non écrite
p_damage=Enregistrements endommagés mis de côté : %d octet (en quarantaine)|Enregistrements endommagés mis de côté : %d octets (en quarantaine)
p_store=La feuille ne peut pas être lue : %s
p_unsaved=Feuille lue mais non enregistrée : %s. Le nouveau attend en mémoire
p_flash=Flash presque plein : %d Ko libres. Copiez la feuille ; rien n'est effacé
p_refused_deal=La donne %d de %s n'est pas comptée : %s
p_lost=La donne %d de %s n'a pas pu être lue
p_lost_n=Les donnes %d à %d de %s n'ont pas pu être lues
p_refused=Enregistrement (%s) de %s écarté : %s
p_lost_why=La donne %d de %s n'a pas pu être lue : %s
p_ok_lost=La donne %d de %s compte : une confirmation était endommagée, la table avait continué
p_newer_rec=Enregistrements d'un micrologiciel plus récent : gardés, non affichés
p_format=Parties d'un micrologiciel plus récent (%s) : gardées, comptées comme confirmées
p_dup=La partie de %s était deux fois sur la feuille : comptée une fois
p_end_lost=La fin de la partie de %s n'a pas pu être lue
p_player=Un nom de joueur n'a pas pu être lu (joueur %d)
p_newer_deal=Donne %d de %s : d'un micrologiciel plus récent, comptée comme confirmée
p_unreadable=Donne %d de %s : résultat illisible ici, comptée comme confirmée
p_written_bad=Donne %d de %s : score enregistré endommagé, compté selon les règles
p_disputed=Donne %d de %s contestée : comptée comme confirmée, %s
p_arc_damage=%d octet de cette partie n'a pas pu être lu|%d octets de cette partie n'ont pas pu être lus
p_headless=La mise en place d'une partie était illisible : ses donnes restent, places numérotées, comptées comme confirmées
p_arc_indexed=Une partie passée de %s a été retrouvée dans l'archive
p_arc_bad=L'archive des parties passées a des enregistrements endommagés : gardée telle quelle
p_arc_short=Il manque à %s %d des %d octets de cette partie
p_more=Autres problèmes, non affichés : %d
r_fits=il ne correspond pas à la feuille
r_number=numéro de donne hors limites
r_twice=il est deux fois sur la feuille
r_orphan=sa donne manque
r_over=la partie était finie
r_unconfirmed=aucune confirmation lisible
r_full=le flash est plein
r_readonly=le flash est en lecture seule
r_isdir=la feuille est un dossier
r_access=le fichier est protégé en écriture
r_io=le flash ne répond pas
r_os=erreur de stockage (%s)
""",
# the score sheet, past parties (flows/sheetview.py, flows/past.py)
"""
unreadable=illisible
no_summary=sans détail
totals=total
dealt=donnée par %s : %s
it_was=corrigée ; c'était :
disputed=contestée
fw_scores=ce logiciel compte :
fw_cannot=incomptable ici
rules_are=règles : %s
written_by=logiciel %s
written_before=logiciel avant 0.4
deal_of=Donne %d sur %d
deal_corrected=Donne %d corrigée
deal_deleted=Donne %d supprimée
correct_deal=Corriger la donne %d
undo_fix=Annuler la correction
delete_deal=Supprimer la donne %d
back=Retour
sheet_deals=Feuille, %s
sheet_of=Feuille %s
page_correct=◀▶ page  ● corriger
page_back=◀▶ page  tenir: retour
deal_n=Donne %d
not_now=pas maintenant
choose_back=● choisir  tenir: retour
none_yet=aucune enregistrée
party_of=Partie %d sur %d
deals_scores=%s, %s
open_deals=● donnes
totals_only=totaux seuls
party_back=◀▶ partie  tenir: retour
party_deals=Partie %d : %s
deal_back=◀▶ donne  tenir: retour
""",
# the dealing aid (flows/aid.py)
"""
r_dealer=Donneur
r_out=ne joue pas
r_forehand=Premier
r_cutter=Coupeur
r_player=Joueur %d
each_from=%d chacun, dès %s
to_stock=%d au %s
packets_from=paquets de %d, dès %s
round_round=tour après tour
spread1=%d au %s un par un
spread2=entre les paquets, pas
spread3=avec le premier/dernier
n_packets=%d paquet de %d|%d paquets de %d
choose_turn=chacun choisit: %s 1er
stacks_each=%d tas x %d, %s
top_up=dessus visible
top_down=cachés
plus_stacks=+ %d tas de %d
deal=Donne
deal_role=Donne %d : %s
you_cut=tu coupes (ou frappes)
cut=Couper
knock=Frapper
cuts=%s coupe
knocked=%s a frappé
dealt_ok=● donné
pages_dealt=◀▶ %d/%d  ● donné
you_get=tu reçois %d cartes
deals_x=%s donne
play_deal=jouez la donne
speaks_first=%s parle en premier :
ich_spiele=Je joue, ou passe
leads_bidding=%s ouvre les enchères
enter_score=● saisir le résultat
talon=talon
stock=talon
Stock=talon
chien=chien
""",
# score entry (flows/entry.py); e<code>: a refused result, tarock.errors.Refused (its values: w_* and other words)
"""
faster=tenir ◀ ▶ : plus vite
done_ok=fini ●
Kontra=Contre
take_it_list=● prendre  tenir: liste
announced_take=! annoncé  ● prendre
enters=%s saisit
cannot_score=Impossible à compter
confirm_why=Confirmer %d/%d : calcul
confirm_1_n=Confirmer 1/%d ◀▶
confirm_h=Confirmer
confirm_menu=● confirmer  tenir: menu
confirm_own=● valider  tenir: changer
waiting=on attend : %s
e24=%s et %s ne concordent pas
e25=%s : impossible ainsi
e26=plus de %d points en tout
e27=il faut annoncer un oiseau
w_points=points
w_bouts=bouts
""",
# virtual cards (flows/play.py)
"""
no_game=pas de jeu
cutter_dealer=coupe %s, donne %s
choose_packet=frappé: choisis un paquet
forehand=premier : %s
talon_l=G
talon_r=D
lays_away=%s écarte %d
no_contract=pas encore de contrat
tricks=plis
laid_away=écart
result_n=Résultat %d/%d
waiting_n=on attend %d
ok=● ok
""",
# the families' words (games/*.py); "c_" + a profile's contract name
"""
ph_cut=Coupe
ph_packets=Paquets
ph_bidding=Enchères
ph_contract=Contrat
ph_king=Roi
ph_talon=Talon
ph_discard=Écart
ph_announce=Annonces
ph_trick=Pli
ph_result=Résultat
trick_n=Pli %d
pass=Passe
mein_spiel=Mein Spiel
packet=Paquet %d
king_of=Roi %s
fourth_king=Quatrième roi
talon_left=Talon gauche
talon_right=Talon droite
concede=Abandonner
the_game=jeu
fourth_k= 4e roi
b_trull=Trull
b_kings=4 rois
b_pagat=Pagat
b_uhu=Uhu
b_kakadu=Kakadu
b_marabu=Marabu
b_king_ult=Roi ult.
b_valat=Valat
b_mondfang=Mond pris
b_skusfang=Sküs pris
b_konigfang=Roi pris
b_ten_tarock=10 atouts
conceded=abandonné
pts_won=gagné avec %d sur 70
pts_lost=perdu avec %d sur 70
tricks_won=%s : gagné
tricks_lost=%s : perdu
-=-
decl=attaque
def=défense
both=les deux
ann= ann.
made=réussi
lost=perdu
on_game=%s sur le jeu
on_x=%s sur %s
decl made=attaque gagne
def made=défense gagne
decl lost=attaque perd
def lost=défense perd
decl! made=attaque! gagne
decl! fail=attaque! perd
def! made=défense! gagne
def! fail=défense! perd
declarer=Preneur
contract=Contrat
alone=seul
partner_conc=Partenaire/abandon
partner=Partenaire
at_seat=à sa place
i_partner=● j'étais partenaire
wait_partner=on attend le partenaire
game=Jeu
won=gagné
bonuses_kontra=Primes, contres
tricks_of=Plis de %s
points_of=Points de %s
takes_rest=%s prend le reste : %d
plus_card= + %d carte| + %d cartes
entered=%s %s (saisi)
pts_tr=%2d pts %2d pl%+5d
pts_kl=%2d pts %5s%+5d
tr_none= 0 pl
per_opponent=par adversaire
""",
# card letters: Jack, Cavalier, Queen, King, Sküs (54 cards, games/common.py)
"""
faces=V C D R Sk
""",
# Slovenian (games/slovenian.py)
"""
ph_open2=Jeu ouvert
open_game=Jeu ouvert
i_play=Je joue
group=Groupe %d
sb_trull=Trula
sb_kings=Rois
sb_pagat=Pagat ult.
sb_trullpagat=Trulapagat
sb_valat=Valat
sb_king_ult=Roi ult.
sb_kings_l=Rois
sb_pagat_l=Pagat ultimo
sb_king_ult_l=Roi ultimo
sb_mondfang=Mond pris
took_group=a pris le groupe %d
talon_given=talon donné
n_tricks=%d pli|%d plis
n_pts=%d point|%d points
entered_x=saisi : %s
game_value=Jeu %d
diff35=écart à 35
each_party=chacun de l'attaque
the_declarer=le preneur
opp_zero=défense : 0 (standard)
announced=annoncé
nobody=personne
nobody_klop=personne : Klop
no_trick=Sans pli
took_one=a un pli
no_trick_w=aucun pli
points_decl=Points de l'attaque
pays=%s paie
c_Drei=Trois
c_Zwei=Deux
c_Eins=Un
c_Solo drei=Solo trois
c_Solo zwei=Solo deux
c_Solo eins=Solo un
c_Solo ohne Talon=Solo sans
c_Bettler=Misère
c_Offener Bettler=Misère ouverte
c_Farbvalat=Valat couleur
c_Valat ohne Talon=Valat sans
c_Klop=Klop
c_Piccolo=Piccolo
""",
# French Tarot (games/french.py)
"""
ph_petit_sec=Petit sec
ph_ecart=Écart
ph_chelem=Chelem
ph_poignee=Poignée
keep_back=à cacher : %d
kept_back=cachés
show_poignee=Montrer la poignée
excuse=Ex
r_king=Roi
r_queen=Dame
r_knight=Cavalier
r_jack=Valet
r_card=Carte
chelem_x=Chelem !
petit_sec_redeal=Petit sec : redonner
chelem_ann=Chelem annoncé
petit_sec_x=petit sec %s : redonne
all_passed_redeal=tous passent : redonne
fr_won=%s pts, %d bout : gagné|%s pts, %d bouts : gagné
fr_lost=%s pts, %d bout : perdu|%s pts, %d bouts : perdu
needed=il fallait %d
petit_bout_x=Petit au bout : %s
taker=preneur
defence=défense
taker!=preneur !
taker! failed=preneur! chute
defence!=défense !
simple=simple
double=double
triple=triple
d'atout=d'atout
de tête=de tête
poign=Poign. 
n_poign=%de poign. 
all_passed=tous passent
taker_h=Preneur
partner_called=Partenaire (appelé)
n_bouts=%d bout|%d bouts
bouts_def=Bouts, défense
points_def=Points, défense
bouts_taker=Bouts, preneur
points_taker=Points, preneur
petit_bout=Petit au bout
petit_bout_l=Petit bout
tak=pren.
dfc=déf.
bonuses=Primes
fr_no_bonus=aucune prime
fr_other_bonuses=autres primes …
redeal_no_game=redonne : pas de jeu
fr_of_won=%s/%d, %d bout : gagné|%s/%d, %d bouts : gagné
fr_of_lost=%s/%d, %d bout : perdu|%s/%d, %d bouts : perdu
base_x=base %d x%d
points_x=points %d x%d
chelem_def=Chelem de la défense
each_def_pays=chaque défenseur paie
""",
# Bavarian Tarock (games/bavarian.py)
"""
s_eichel=Glands
s_gruen=Feuilles
s_herz=Cœurs
s_schellen=Grelots
ph_put_back=Remise
ph_trumps=Atout
hand_game=Main
hand_game_l=Jeu en main
aufnahme=Aufnahme
trumps_x=Atout %s
passed_no_game=tous passent : pas de jeu
eyes_won=gagné avec %d sur 120
eyes_lost=perdu avec %d sur 120
tricks_vs=plis %d : %d
both_took=chacun a des plis
decl_all=le preneur a tout
decl_none=le preneur n'a rien
kind=Sorte
bid=Enchère
announced_h=Annoncé
nothing=rien
eyes_of=Points de %s
tricks_h=Plis
each_opp_pays=chaque adversaire paie
""",
# the play view (flows/play.py)
"""
play_your_turn=%s : à toi
play_to_move=%s : à %s
play_to_move_n=à %s
play_out= - hors jeu
play_last=dernier
play_last_trick=Dernier pli
play_final_trick=Le dernier pli
play_took_it=%s l'a pris
play_to_result=● résultat
play_take_back=● reprendre
play_shows=%s montre :
play_open_page=main de %s : ◀▶
play_pages=◀▶ pages
play_peek_back=● retour aux cartes
""",
# the score sheet at boot, a question across a restart (app.py)
"""
more_play_on=◀▶ suite  ● sans sauver
vote_gone=Question de %s annulée
""",
# the phones' page (web/page.html; host_tools/build/gen_page.py lists its keys)
"""
web_lang=fr
web_title=Feuille de marque
web_loading=chargement…
web_live=en direct
web_reconnecting=reconnexion…
web_none=Pas encore de partie
web_deals=Donnes : %s
web_over=terminée
web_radelci=Radelci : %s
web_sheet=Donne par donne
web_points=%s points
web_redeal=redonne
web_disputed=contestée
web_fixed=corrigée
web_deleted=supprimée
web_plot=La soirée
web_stats=Statistiques
web_player=Joueur
web_played=Jouées
web_declared=Preneur
web_won=Gagnées
web_average=Moyenne
web_elo=Elo
web_money=Règlement
web_per_point=%s le point
web_archive=Parties précédentes
web_download=Télécharger
web_csv=Feuille (CSV)
web_json=Tout (JSON)
web_import=Charger la feuille d'un boîtier
web_time_ntp=Heures données par le réseau
web_time_page=Heures données par l'horloge d'un téléphone
""",
# the seat menu's way to the phones' page: its QR codes, or why it is off (web/phone.py)
"""
m_phone=La page sur mobile
qr_wifi=Wi-Fi
qr_pass=Mot de passe
qr_page=La page
qr_keys=◀▶  ● retour
qr_off=La page est coupée
qr_starting=Le Wi-Fi démarre.
""",
# the radio (hw/net.py): why the page is off (Net.why)
"""
net_no_radio=pas de puce Wi-Fi
net_bad_file=wifi.txt illisible
net_no_join=réseau non rejoint
net_failed=échec du Wi-Fi
""",
# a tournament round (flows/tourney.py)
"""
m_code=Code de table
row_Tourney=Tournoi
tn_back=sa partie
tn_bad=le champ %s du fichier de table est faux
tn_unreadable=le fichier de table est illisible
tn_file=Fichier de table
tn_ordinary=◀ partie libre
tn_seats=la partie demande %d places, la table en a %d
tn_played=la partie %d à la table %d est déjà sur la feuille
tn_round_table=partie %d, table %d
tn_games=%d donnes
tn_games_min=%d donnes, %d min
tn_start=● commencer la partie
tn_deal=%d/%d, donneur %s
tn_you_deal=donne %d/%d, tu donnes
tn_left=encore %d min
tn_time_up=le temps est écoulé
tn_signed=partie %d, table %d signée
tn_early=finie avant terme
tn_next=● partie suivante
tn_no_key=le fichier de table de cette partie manque : le recopier sur l'appareil pour signer
tn_waiting=à signer : %s
tn_sign=● signer la partie
tn_you_signed=tu as signé
""",
)
