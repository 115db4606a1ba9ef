"""PySide6 front end: thin views over ``ringlab.core`` and ``ringlab.render``."""
