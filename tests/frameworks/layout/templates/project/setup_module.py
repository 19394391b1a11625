def generated_entry():
    return "copied into new projects"
