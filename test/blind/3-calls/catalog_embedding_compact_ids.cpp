// scenario: a product-catalog encoder looks up item and category embeddings from id columns stored as int32 or int64
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <type_traits>
#include <vector>

namespace {

template <typename Id>
torch::Tensor idsToTensor(const std::vector<Id> &ids, int64_t width) {
  static_assert(std::is_integral_v<Id>, "id columns are integral");
  const int64_t rows = static_cast<int64_t>(ids.size()) / width;
  if constexpr (std::is_same_v<Id, int32_t>) {
    // Parquet id columns are int32; keep them compact, lookups accept Int.
    return torch::from_blob(const_cast<int32_t *>(ids.data()), {rows, width}, torch::kInt).clone();
  } else {
    return torch::tensor(std::vector<int64_t>(ids.begin(), ids.end())).view({rows, width});
  }
}

int64_t catalogSize() {
  static const int64_t size = [] { return int64_t{5000}; }();
  return size;
}

struct CatalogEncoderImpl : torch::nn::Module {
  CatalogEncoderImpl(int64_t dim)
      : items(register_module("items", torch::nn::Embedding(catalogSize(), dim))),
        categories(register_module("categories", torch::nn::EmbeddingBag(
                                                      torch::nn::EmbeddingBagOptions(200, dim).mode(torch::kMean)))),
        fuse(register_module("fuse", torch::nn::Linear(2 * dim, dim))) {}

  torch::Tensor forward(const torch::Tensor &item_ids, const torch::Tensor &category_ids) {
    auto item_vec = items(item_ids.squeeze(1));
    auto cat_vec = categories(category_ids);
    return fuse(torch::cat({item_vec, cat_vec}, 1));
  }

  torch::nn::Embedding items;
  torch::nn::EmbeddingBag categories;
  torch::nn::Linear fuse;
};
TORCH_MODULE(CatalogEncoder);

template <typename ItemId, typename CategoryId>
torch::Tensor encodeBatch(CatalogEncoder &enc, const std::vector<ItemId> &item_col,
                          const std::vector<CategoryId> &category_col) {
  auto item_ids = idsToTensor(item_col, 1);
  auto category_ids = idsToTensor(category_col, 3);
  return enc(item_ids, category_ids);
}

} // namespace

int main() {
  CatalogEncoder encoder(32);
  std::vector<int32_t> item_col = {17, 4021, 388, 2999};
  std::vector<int32_t> category_col = {3, 7, 7, 12, 12, 40, 199, 0, 5, 5, 5, 5};
  std::vector<int64_t> legacy_items = {11, 12};
  std::vector<int64_t> legacy_categories = {1, 2, 3, 4, 5, 6};

  auto fresh = encodeBatch(encoder, item_col, category_col);
  auto legacy = encodeBatch(encoder, legacy_items, legacy_categories);
  std::cout << "encoded " << fresh.sizes() << " and " << legacy.sizes() << "\n";
  return fresh.size(0) == 4 && legacy.size(0) == 2 ? 0 : 1;
}
