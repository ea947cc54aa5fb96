import type { CreateProductBody, Product } from '@contract/products';
import type { ModifiedCount, UserList } from '@contract/users';
import { api, LIST } from '../../store/api';
import { keyedPost, type Keyed } from '../../store/submissionKey';

/** The admin's calls: add a product, list users, promote one. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The shop's list refetches through its LIST tag, so the product is there at once. */
    addProduct: build.mutation<Product, Keyed<CreateProductBody>>({
      query: (body) => keyedPost('product', body),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Product', id: LIST }]),
    }),
    getUsers: build.query<UserList, void>({
      query: () => 'users',
      providesTags: (result) => [
        { type: 'User', id: LIST },
        ...(result ?? []).map((user) => ({ type: 'User' as const, id: user.email })),
      ],
    }),
    /** `modifiedCount` 1 when promoted now, 0 when already an admin. */
    makeAdmin: build.mutation<ModifiedCount, string>({
      query: (email) => ({ url: `users/admin/${encodeURIComponent(email)}`, method: 'PUT' }),
      // The list, and that user's admin check (getAdmin's tag is the email).
      invalidatesTags: (_result, error, email) =>
        error
          ? []
          : [
              { type: 'User', id: LIST },
              { type: 'User', id: email },
            ],
    }),
  }),
});

export const { useAddProductMutation, useGetUsersQuery, useMakeAdminMutation } = adminApi;
