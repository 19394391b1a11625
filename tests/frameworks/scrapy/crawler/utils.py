def clean_text(text):
    return (text or "").strip()


def unused_normalize(text):
    return text.lower()
