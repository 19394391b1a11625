AUDITED = True


def includeme(config):
    config.add_settings(audit=AUDITED)


def _format(entry):
    return str(entry)
