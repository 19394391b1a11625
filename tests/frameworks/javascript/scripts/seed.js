function seedDatabase() {
  return [];
}

function unusedSeedUsers() {
  return [];
}

seedDatabase();
