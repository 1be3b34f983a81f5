"""The host tests read the screens in English: a new table starts in English
here (table.app.LANG) unless a test chooses a language (the Language row,
App(lang_code=...)); the golden device runs use the app's own default
(host_tools/golden/device_runs.py) and tests/host/test_lang.py checks the
others."""
import table.app

table.app.LANG = "en"
