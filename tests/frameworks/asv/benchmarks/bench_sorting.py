from lib.sorting import sort_numbers


def make_data():
    return list(range(1000, 0, -1))


def unused_data():
    return []


class TimeSorting:
    params = [10, 100]
    param_names = ["n"]

    def setup(self, n):
        self.data = make_data()[:n]

    def time_sort(self, n):
        sort_numbers(self.data)

    def mem_sorted(self, n):
        return sorted(self.data)


def time_module_level():
    sort_numbers(make_data())
