export * from "./fields";
export * from "./user";
export * from "./category";
export * from "./review";
export * from "./favorite";
export * from "./movie";
export * from "./movie-query";
export * from "./admin-user";
