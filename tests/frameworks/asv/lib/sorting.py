def sort_numbers(values):
    return sorted(values)
