const config = { stories: ["../src/**/*.stories.tsx"] };

export default config;
