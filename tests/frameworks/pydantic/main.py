from schemas import Order, parse_quantity


def main():
    print(Order(quantity=parse_quantity("3")))
