// The C runtime that Embedded Swift code needs when linked for wasm32-unknown-none-wasm, where there is no libc:
// an allocator over linear memory, the mem* functions, and arc4random_buf for Hasher's seed.
//
// The allocator keeps one free list per power-of-two size class (16 bytes to 1 GiB). A block is its class's
// size; a 16-byte header in front of the pointer handed out records the class and the offset back to the
// block's start, so posix_memalign can honour any alignment. Freed blocks go back on their class's list and are
// reused; fresh blocks are cut from the end of the heap, which grows with memory.grow. Single-threaded, as a
// wasm instance is.

typedef __SIZE_TYPE__ size_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef unsigned int uint32_t;
typedef unsigned char uint8_t;

#define PAGE_SIZE 65536u
#define HEADER_SIZE 16u
#define MIN_CLASS 4u   /* 16 bytes */
#define MAX_CLASS 30u  /* 1 GiB */
#define ENOMEM 12
#define EINVAL 22

extern unsigned char __heap_base;

struct free_block {
    struct free_block *next;
};

struct header {
    uint32_t size_class;
    uint32_t offset;  /* from the block's start to the pointer handed out */
};

static struct free_block *free_lists[MAX_CLASS + 1];
static uintptr_t heap_end;

static uint32_t class_for(size_t bytes) {
    uint32_t size_class = MIN_CLASS;
    while (size_class <= MAX_CLASS && ((size_t)1 << size_class) < bytes) size_class += 1;
    return size_class;
}

static void *take_block(uint32_t size_class) {
    struct free_block *block = free_lists[size_class];
    if (block) {
        free_lists[size_class] = block->next;
        return block;
    }
    if (heap_end == 0) heap_end = ((uintptr_t)&__heap_base + 15u) & ~(uintptr_t)15u;
    size_t size = (size_t)1 << size_class;
    uintptr_t start = heap_end;
    uintptr_t end = start + size;
    if (end < start) return 0;
    uintptr_t available = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE_SIZE;
    if (end > available) {
        uintptr_t pages = (end - available + PAGE_SIZE - 1) / PAGE_SIZE;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
    }
    heap_end = end;
    return (void *)start;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < HEADER_SIZE) alignment = HEADER_SIZE;
    if ((alignment & (alignment - 1)) != 0) return EINVAL;
    size_t padding = alignment > HEADER_SIZE ? alignment : HEADER_SIZE;
    if (size > ((size_t)1 << MAX_CLASS) - padding) return ENOMEM;
    uint32_t size_class = class_for(size + padding);
    uint8_t *block = take_block(size_class);
    if (!block) return ENOMEM;
    uintptr_t user = ((uintptr_t)block + HEADER_SIZE + alignment - 1) & ~(uintptr_t)(alignment - 1);
    struct header *header = (struct header *)(user - sizeof(struct header));
    header->size_class = size_class;
    header->offset = (uint32_t)(user - (uintptr_t)block);
    *result = (void *)user;
    return 0;
}

void *malloc(size_t size) {
    void *result;
    return posix_memalign(&result, HEADER_SIZE, size) == 0 ? result : 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    void *result;
    return posix_memalign(&result, alignment, size) == 0 ? result : 0;
}

void free(void *pointer) {
    if (!pointer) return;
    struct header *header = (struct header *)((uintptr_t)pointer - sizeof(struct header));
    uint32_t size_class = header->size_class;
    struct free_block *block = (struct free_block *)((uintptr_t)pointer - header->offset);
    block->next = free_lists[size_class];
    free_lists[size_class] = block;
}

static size_t usable_size(void *pointer) {
    struct header *header = (struct header *)((uintptr_t)pointer - sizeof(struct header));
    return ((size_t)1 << header->size_class) - header->offset;
}

void *memcpy(void *destination, const void *source, size_t count) {
    __builtin_memcpy(destination, source, count);  // memory.copy (bulk memory)
    return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
    __builtin_memmove(destination, source, count);  // memory.copy handles overlap
    return destination;
}

void *memset(void *destination, int value, size_t count) {
    __builtin_memset(destination, value, count);  // memory.fill
    return destination;
}

int memcmp(const void *left, const void *right, size_t count) {
    const uint8_t *a = left;
    const uint8_t *b = right;
    for (size_t i = 0; i < count; i++) {
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

void *calloc(size_t count, size_t size) {
    if (size != 0 && count > (size_t)-1 / size) return 0;
    void *result = malloc(count * size);
    if (result) memset(result, 0, count * size);
    return result;
}

void *realloc(void *pointer, size_t size) {
    if (!pointer) return malloc(size);
    size_t capacity = usable_size(pointer);
    if (size <= capacity) return pointer;
    void *result = malloc(size);
    if (!result) return 0;
    memcpy(result, pointer, capacity);
    free(pointer);
    return result;
}

// Hasher's per-process seed. A fixed sequence keeps runs reproducible (the page and the parity test see the same
// hashing); nothing here hashes untrusted keys that could be chosen to collide.
static uint32_t random_state = 0x2545F491u;

void arc4random_buf(void *buffer, size_t count) {
    uint8_t *bytes = buffer;
    for (size_t i = 0; i < count; i++) {
        random_state ^= random_state << 13;
        random_state ^= random_state >> 17;
        random_state ^= random_state << 5;
        bytes[i] = (uint8_t)random_state;
    }
}

// Embedded Swift traps call this only through the standard library's fatal-error path when printing is on.
int putchar(int character) { return character; }
