const nextConfig = {
  images: { loader: "custom", loaderFile: "./lib/image-loader.ts" },
};

export default nextConfig;
