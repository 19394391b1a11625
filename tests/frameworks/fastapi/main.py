from fastapi import Depends, FastAPI

from deps import get_db

app = FastAPI()


@app.get("/items")
def list_items(db=Depends(get_db)):
    return db


@app.on_event("startup")
async def warm_up():
    return None
