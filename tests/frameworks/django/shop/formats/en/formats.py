DATE_FORMAT = 'j M Y'
SHORT_DATE_FORMAT = 'j M'


def _unused_format_helper():
    return 'x'
