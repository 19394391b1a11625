from litestar import Controller, Litestar, get

from services import greeting


class UserController(Controller):
    path = "/users"

    @get("/")
    async def list_users(self) -> list[str]:
        return [greeting()]


@get("/health")
async def health() -> str:
    return "ok"


def create_app() -> Litestar:
    return Litestar(route_handlers=[UserController, health])
