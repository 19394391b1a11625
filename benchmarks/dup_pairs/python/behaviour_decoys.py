"""Same idiom families, different jobs: sums of other fields, any versus all."""


def total_weight(parcels):
    weight = 0
    for parcel in parcels:
        weight += parcel.weight
    return weight


def total_volume(parcels):
    return sum(parcel.volume for parcel in parcels)


def any_overdue(invoices):
    for invoice in invoices:
        if invoice.days_late > 0:
            return True
    return False


def all_overdue(invoices):
    return all(invoice.days_late > 0 for invoice in invoices)


def has_overdue(bills):
    return any(bill.days_late > 0 for bill in bills)
