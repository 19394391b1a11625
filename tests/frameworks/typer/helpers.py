def banner(text):
    return f"== {text} =="


def unused_footer(text):
    return f"-- {text} --"
